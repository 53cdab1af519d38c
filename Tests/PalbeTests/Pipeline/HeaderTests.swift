import EmulatorPalbase
import EmulatorTestSupport
import ErrorCore
import Foundation
import Palbe
import Testing

/// The header set on the wire, read back from the emulator's request log.
@Suite struct HeaderTests {
    @Test func everyRequestCarriesTheContractHeaders() async throws {
        try await withPalbe { bed in
            let client = bed.client()
            let _: Todo = try await client.call("todos", CreateTodoInput(title: "t"))
            let _: [Todo] = try await client.call("todos", method: .get)

            let sent = try bed.requests(to: "/todos")
            try #require(sent.count == 2)
            let version = ProcessInfo.processInfo.operatingSystemVersion
            for request in sent {
                #expect(request.header("apikey", carried: bed.emulator.apiKey))
                #expect(request.header("User-Agent")?.hasPrefix("Palbe/\(PalbeClient.version) (") == true)
                #expect(
                    request.header("User-Agent")?.hasSuffix(
                        "\(version.majorVersion).\(version.minorVersion).\(version.patchVersion))") == true)
                #expect(request.header("X-Palbase-Client") == "palbe-swift/\(PalbeClient.version)")
                #expect(request.header("X-Palbase-Client-Version") == "3.1.4")
                #expect(request.header("Accept") == "application/json")
                for absent in ["Authorization", "DPoP", "X-Palbase-Sealed", "X-PoW-Challenge-ID", "X-PoW-Nonce"] {
                    #expect(request.header(absent) == nil, "\(absent)")
                }
            }
            #expect(sent[0].header("Content-Type") == "application/json")
            #expect(sent[1].header("Content-Type") == nil, "no body, no Content-Type")
            let names = sent[0].headers.map { $0.name.lowercased() }
            let ours = [
                "apikey", "user-agent", "x-palbase-client", "x-palbase-client-version", "accept", "content-type",
            ]
            if TransportKind.default.preservesRequestHeaderOrder {
                // The contract's order, before what the transport adds.
                #expect(names.filter(ours.contains) == ours)
            } else {
                // URLSession sends the fields in an order of its own: each of ours is there once.
                #expect(names.filter(ours.contains).sorted() == ours.sorted())
            }
        }
    }

    @Test(arguments: [nil, "", "   "] as [String?])
    func unknownAppVersionIsOmittedNeverBlank(_ appVersion: String?) async throws {
        try await withPalbe { bed in
            let _: [Todo] = try await bed.client(bed.configuration(appVersion: appVersion)).call("todos", method: .get)
            let sent = try bed.onlyRequest(to: "/todos")
            #expect(sent.header("X-Palbase-Client-Version") == nil)
            #expect(!sent.headers.contains { $0.value.trimmingCharacters(in: .whitespaces).isEmpty })
        }
    }

    @Test func callerPinnedNonBlankHeadersWin() async throws {
        try await withPalbe { bed in
            let pins = [
                "Accept": "application/vnd.palbase+json", "User-Agent": "   ", "X-Palbase-Client-Version": "",
                "X-Trace": "abc", "X-Palbase-Sealed": "v9",
            ]
            let _: Todo = try await bed.client().call("todos", CreateTodoInput(title: "t"), headers: pins)
            let sent = try bed.onlyRequest(to: "/todos")
            #expect(sent.header("Accept") == "application/vnd.palbase+json")
            #expect(sent.header("User-Agent")?.hasPrefix("Palbe/") == true, "a blank pin is ignored")
            #expect(sent.header("X-Palbase-Client-Version") == "3.1.4", "a blank pin is ignored")
            #expect(sent.header("X-Trace") == "abc")
            #expect(sent.header("X-Palbase-Sealed") == nil, "the sealing marker is the SDK's alone")
            #expect(sent.headers.filter { $0.name.lowercased() == "accept" }.count == 1)
        }
    }

    @Test func allowlistedPathsNeverCarryABearerAndThreeCarryDPoP() async throws {
        let allowlist = [
            "auth/signup", "auth/login", "auth/token/refresh", "auth/password/reset", "auth/password/reset/confirm",
            "auth/magic-link", "auth/magic-link/verify", "auth/verify-email", "auth/resend-verification",
            "auth/anonymous", "auth/oauth/credential",
        ]
        let dpop: Set = ["/auth/login", "/auth/signup", "/auth/token/refresh"]
        try await withPalbe { bed in
            let authority = FakeSessionAuthority()
            let client = bed.client()
            client.install(sessionAuthority: authority)
            for path in allowlist + ["auth/logout", "auth/me", "probe/answer"] {
                let _: AnyCodableValue = try await client.call(path, AnyCodableValue.object([:]))
            }
            let sent = try bed.requests()
            try #require(sent.count == allowlist.count + 3)
            for request in sent {
                let allowlisted = allowlist.contains(String(request.path.dropFirst()))
                #expect(
                    request.header("Authorization") == (allowlisted ? nil : bearerPrint("token-1")), "\(request.path)")
                #expect((request.header("DPoP") != nil) == dpop.contains(request.path), "\(request.path)")
            }
            #expect(authority.proofs.count == 3)
            #expect(authority.proofs.contains("POST \(bed.baseURL.absoluteString)/auth/login"))
        }
    }

    @Test func unauthorizedIsRefreshedAndReplayedOnce() async throws {
        try await withPalbe { bed in
            let authority = FakeSessionAuthority()
            let client = bed.client()
            client.install(sessionAuthority: authority)
            client.configure(onError: bed.recorder.hook)
            try bed.emulator.addFault(
                .status(401, error: "token_expired"), method: "GET", pathPrefix: "/todos", count: 1)

            let _: [Todo] = try await client.call("todos", method: .get)
            #expect(authority.refreshes == ["token-1"])
            let sent = try bed.requests(to: "/todos")
            #expect(sent.map { $0.header("Authorization") } == [bearerPrint("token-1"), bearerPrint("token-2")])
            #expect(sent.map(\.status) == [401, 200])
            #expect(bed.recorder.hookErrors.isEmpty)
        }
    }

    @Test func unauthorizedAfterTheReplayIsThrown() async throws {
        try await withPalbe { bed in
            let authority = FakeSessionAuthority()
            let client = bed.client()
            client.install(sessionAuthority: authority)
            // A 401 a refresh could fix (`session_revoked` ends the session instead: SessionEndRecovery).
            try bed.emulator.addFault(.status(401, error: "token_expired"), method: "GET", pathPrefix: "/todos")

            let error = await #expect(throws: BackendError.self) {
                let _: [Todo] = try await client.call("todos", method: .get)
            }
            guard case .unauthorized(let failure) = try #require(error) else {
                Issue.record("expected .unauthorized, got \(String(describing: error))")
                return
            }
            #expect(failure.code == "token_expired")
            #expect(authority.refreshes == ["token-1"], "one refresh, never a loop")
            #expect(bed.sent(to: "/todos").count == 2)
        }
    }

    @Test func failedRefreshOrNoBearerMeansNoReplay() async throws {
        try await withPalbe { bed in
            let authority = FakeSessionAuthority(refreshSucceeds: false)
            let client = bed.client()
            client.install(sessionAuthority: authority)
            try bed.emulator.addFault(.status(401, error: "token_expired"), pathPrefix: "/")

            let refused = await #expect(throws: BackendError.self) {
                let _: [Todo] = try await client.call("todos", method: .get)
            }
            #expect(refused?.caseName == "unauthorized")
            // An allowlisted path carried no bearer, so there is nothing to refresh.
            let signIn = await #expect(throws: BackendError.self) {
                let _: AnyCodableValue = try await client.call("auth/login", AnyCodableValue.object([:]))
            }
            #expect(signIn?.caseName == "unauthorized")
            #expect(authority.refreshes == ["token-1"])
            #expect(bed.sent().count == 2)
        }
    }
}
