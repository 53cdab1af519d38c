import Emulator
import EmulatorTestSupport
import Foundation
import Testing

/// `sdk emulator inbox`, run as the real executable against an in-process emulator's admin API.
@Suite struct EmulatorInboxCommandTests {
    private func withInbox(_ body: (EmulatorServer, String) async throws -> Void) async throws {
        try await withRunningEmulator(.testing()) { emulator, baseURL in
            _ = try emulator.inbox.deliver(
                InboxMessage(channel: .sms, to: "+15550100", body: "Your code is 123456", metadata: ["code": "123456"]))
            _ = try emulator.inbox.deliver(
                InboxMessage(
                    channel: .email, to: "ada@example.com", subject: "Sign in", body: "Open the link",
                    metadata: ["kind": "magic_link", "token": "ml_abc"]))
            try await body(emulator, baseURL.absoluteString)
        }
    }

    @Test func listsEveryMessageOrOneRecipientsWithTheirCodes() async throws {
        try await withInbox { _, base in
            let all = try await SDKProcess.run(["emulator", "inbox", "--base-url", base])
            #expect(all.status == 0, "\(all.stderr)")
            #expect(all.stdout.contains("sms to +15550100"))
            #expect(all.stdout.contains("code=123456"))
            #expect(all.stdout.contains("email to ada@example.com: Sign in"))
            #expect(all.stdout.contains("kind=magic_link token=ml_abc"))

            let one = try await SDKProcess.run(["emulator", "inbox", "--to", "+15550100", "--json", "--base-url", base])
            #expect(one.status == 0, "\(one.stderr)")
            let messages = try #require(try one.json()["messages"] as? [[String: Any]])
            #expect(messages.count == 1)
            #expect((messages.first?["metadata"] as? [String: String])?["code"] == "123456")
        }
    }

    @Test func clearDeletesAfterPrinting() async throws {
        try await withInbox { emulator, base in
            let cleared = try await SDKProcess.run([
                "emulator", "inbox", "--to", "ada@example.com", "--clear", "--base-url", base,
            ])
            #expect(cleared.status == 0, "\(cleared.stderr)")
            #expect(cleared.stdout.contains("token=ml_abc"))
            #expect(try emulator.inbox.messages(to: "ada@example.com").isEmpty)
            #expect(try emulator.inbox.messages(to: "+15550100").count == 1)
        }
    }

    @Test func withoutTheAdminTokenItSaysWhereToFindIt() async throws {
        try await withInbox { _, base in
            let refused = try await SDKProcess.run(
                ["emulator", "inbox", "--base-url", base], environment: ["SDK_EMULATOR_TOKEN": "wrong"])
            #expect(refused.status == 1)
            #expect(refused.stderr.contains("SDK_EMULATOR_TOKEN"))
            #expect(!refused.stdout.contains("123456") && !refused.stderr.contains("123456"))
        }
    }
}
