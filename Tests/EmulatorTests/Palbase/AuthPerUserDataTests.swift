import Emulator
import EmulatorTestSupport
import ErrorCore
import Foundation
import Testing

@testable import EmulatorCore
@testable import EmulatorPalbase

/// The sample backend's data belongs to the signed-in user when a bearer is present, and to the API key's
/// anonymous tenant without one; a bearer that is not a live session's is refused before any data route.
@Suite struct AuthPerUserDataTests {
    /// The sample backend and the auth service, as `sdk emulator start` mounts them, with cheap hashing.
    private func withBackendAndAuth(_ body: (AuthTestClient) async throws -> Void) async throws {
        let auth = AuthService(policy: .testing)
        try await withEmulator(.testing(palbaseHandlers: [SampleBackend(), auth])) { server, client in
            try await body(AuthTestClient(server: server, http: client))
        }
    }

    private func create(_ title: String, as auth: AuthTestClient, bearer: String?) async throws -> Int {
        let headers = bearer.map { ["Authorization": "Bearer \($0)"] } ?? [:]
        return try await auth.http.send("POST", "/todos", headers: headers, json: #"{"title":"\#(title)"}"#).status
    }

    private func titles(as auth: AuthTestClient, bearer: String?) async throws -> [String] {
        let reply = try await auth.get("/todos", bearer: bearer)
        #expect(reply.status == 200, "\(reply.status) \(reply.code ?? "")")
        return reply.json.elements.compactMap { $0["title"].string }.sorted()
    }

    @Test func eachUserSeesOnlyTheirOwnTodosAndTheAPIKeyAloneIsTheAnonymousTenant() async throws {
        try await withBackendAndAuth { auth in
            let ada = try await auth.signUp("ada@example.com")
            let bob = try await auth.signUp("bob@example.com")
            #expect(try await create("ada's", as: auth, bearer: ada.accessToken) == 201)
            #expect(try await create("bob's", as: auth, bearer: bob.accessToken) == 201)
            #expect(try await create("anonymous", as: auth, bearer: nil) == 201)

            #expect(try await titles(as: auth, bearer: ada.accessToken) == ["ada's"])
            #expect(try await titles(as: auth, bearer: bob.accessToken) == ["bob's"])
            #expect(try await titles(as: auth, bearer: nil) == ["anonymous"])
        }
    }

    @Test func aDeadBearerIsRefusedOnDataRoutesWithTheAuthCodes() async throws {
        try await withBackendAndAuth { auth in
            let ada = try await auth.signUp("ada@example.com")
            let unknown = try await auth.get("/todos", bearer: "not-a-token")
            #expect(unknown.status == 401)
            #expect(unknown.code == "invalid_token")

            try await auth.setClockOffset(3_600 * 2)
            let expired = try await auth.get("/todos", bearer: ada.accessToken)
            #expect(expired.status == 401)
            #expect(expired.code == "token_expired")
            // Nothing was created for a refused caller.
            #expect(try await create("late", as: auth, bearer: ada.accessToken) == 401)
            try await auth.setClockOffset(0)
            #expect(try await titles(as: auth, bearer: ada.accessToken) == [])
        }
    }
}
