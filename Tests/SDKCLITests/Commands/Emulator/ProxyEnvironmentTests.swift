import Emulator
import EmulatorTestSupport
import Foundation
import HTTPServer
import Testing

/// The Linux transport takes a proxy from the environment as curl does (`http_proxy`, `all_proxy`,
/// `no_proxy`…), read once when the transport is made: here `sdk emulator inbox` runs as a child process
/// with only the variables each test gives it, so no test changes the environment of the suite's own process.
@Suite struct ProxyEnvironmentTests {
    /// A stand-in proxy: answers every request with an empty inbox (and records it, as a scripted server does).
    private func withProxy(_ body: (ScriptedServer) async throws -> Void) async throws {
        try await withScriptedServer(fallback: { _, _ in .json(200, #"{"messages":[]}"#) }, body)
    }

    @Test(arguments: ["http_proxy", "all_proxy", "ALL_PROXY"])
    func aProxyVariableSendsTheRequestThroughTheProxy(variable: String) async throws {
        try await withProxy { proxy in
            // A host nothing resolves: only the proxy can answer for it.
            let run = try await SDKProcess.run(
                ["emulator", "inbox", "--base-url", "http://inbox.example:8080"],
                environment: [variable: proxy.baseURL.absoluteString, "SDK_EMULATOR_TOKEN": "admin"])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.contains("(no messages)"))
            // The absolute form a client sends a proxy.
            #expect(proxy.requests.map(\.target) == ["http://inbox.example:8080/__emulator/inbox"])
        }
    }

    @Test func noProxyAndNoVariableGoDirect() async throws {
        try await withProxy { proxy in
            try await withRunningEmulator(.testing()) { emulator, baseURL in
                _ = try emulator.inbox.deliver(InboxMessage(channel: .sms, to: "+15550100", body: "Your code is 4242"))
                let arguments = ["emulator", "inbox", "--base-url", baseURL.absoluteString]
                let proxyURL = proxy.baseURL.absoluteString
                let excepted = try await SDKProcess.run(
                    arguments, environment: ["http_proxy": proxyURL, "no_proxy": "127.0.0.1"])
                #expect(excepted.status == 0, "\(excepted.stderr)")
                #expect(excepted.stdout.contains("Your code is 4242"))
                // `HTTP_PROXY` is not one curl reads (any CGI client could set it through a `Proxy:` field).
                let unread = try await SDKProcess.run(arguments, environment: ["HTTP_PROXY": proxyURL])
                #expect(unread.status == 0, "\(unread.stderr)")
                #expect(unread.stdout.contains("Your code is 4242"))
                #expect(proxy.requests.isEmpty)
            }
        }
    }
}
