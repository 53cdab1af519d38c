import Emulator
import EmulatorTestSupport
import ErrorCore
import Foundation
import Testing

@testable import EmulatorCore

/// Every policy reads one canonical route: each spelling the routers accept (doubled or trailing
/// slashes, percent-encoded letters) meets the same sealing, proof of work, faults, admin guard and
/// request log as the plain path. Before, each read the raw path, and `//auth/…` or `/%61uth/…`
/// minted sessions from unsealed bodies with no proof of work.
@Suite struct EmulatorCanonicalRouteTests {
    /// Spellings of `/auth/echo` that reach its route.
    static let authEcho = ["//auth/echo", "/%61uth/echo", "/auth//echo", "/auth/echo/", "/%61%75%74%68/%65cho"]
    /// Spellings of `/notes` that reach its route.
    static let notes = ["//notes", "/%6Eotes", "/notes/", "///notes//"]

    @Test func theCanonicalPathIsRebuiltFromTheRoutersSegments() {
        #expect(CanonicalRoute.path("/purse//vault/v1/cards") == "/purse/vault/v1/cards")
        #expect(CanonicalRoute.path("/purse/%76ault/v1/cards/") == "/purse/vault/v1/cards")
        #expect(CanonicalRoute.path("/") == "/")
        // What must stay inside a segment is encoded again, so it does not become a separator.
        #expect(CanonicalRoute.path("/notes/a%2Fb") == "/notes/a%2Fb")
        #expect(CanonicalRoute.path("/notes/a%3Fb%23c") == "/notes/a%3Fb%23c")
        #expect(CanonicalRoute.path("/notes/%C3%A9t%C3%A9") == "/notes/%C3%A9t%C3%A9")
        // What the routers refuse is left alone (and refused by them with a 400).
        #expect(CanonicalRoute.path("/notes/%zz") == nil)
        #expect(CanonicalRoute.path("/notes/../__emulator/health") == nil)
        #expect(CanonicalRoute.path("/notes/%2e%2e/x") == nil)
    }

    @Test(arguments: authEcho)
    func sealingIsRequiredWhateverTheSpelling(_ path: String) async throws {
        try await withEmulator { _, client async throws in
            let response = try await client.send("POST", path, json: #"{"email":"a@b.c"}"#)
            try EmulatorPalbaseTests.expectEnvelope(response, status: 400, code: "sealing_required")
        }
    }

    @Test func proofOfWorkIsRequiredWhateverTheSpelling() async throws {
        var configuration = EmulatorConfiguration.testing(palbaseHandlers: [NotesHandler()])
        configuration.proofOfWork = [try ProofOfWorkRule(parsing: "/notes:8")]
        try await withEmulator(configuration) { server, client async throws in
            for (index, path) in Self.notes.enumerated() {
                let response = try await client.send("POST", path, json: #"{"id":"p\#(index)","text":"t"}"#)
                _ = try EmulatorProofOfWorkTests.challenge(in: response)
            }
            #expect(try server.recentRequests().allSatisfy { $0.path == "/notes" })
        }
    }

    @Test func faultsMatchWhateverTheSpelling() async throws {
        try await withEmulator { server, client async throws in
            try server.addFault(.status(418, error: "teapot"), method: "POST", pathPrefix: "/notes")
            for (index, path) in Self.notes.enumerated() {
                let response = try await client.send("POST", path, json: #"{"id":"f\#(index)","text":"t"}"#)
                #expect(response.status == 418, "\(path)")
            }
        }
    }

    @Test func theRequestLogKeepsTheCanonicalPath() async throws {
        try await withEmulator { server, client async throws in
            for (index, path) in Self.notes.enumerated() {
                let response = try await client.send("POST", path, json: #"{"id":"l\#(index)","text":"t"}"#)
                #expect(response.status == 201, "\(path) reaches the route")
            }
            let logged = try server.recentRequests().map(\.path)
            #expect(logged == Array(repeating: "/notes", count: Self.notes.count))
        }
    }

    /// A spelling of the admin API is the admin API: it wants the token (the test client adds it only to
    /// the plain spelling) and never reaches Palbase or the request log.
    @Test(arguments: ["//__emulator/health", "/%5F%5Femulator/health", "/__emulato%72/health"])
    func theAdminGuardHoldsWhateverTheSpelling(_ path: String) async throws {
        try await withEmulator { server, client async throws in
            let refused = try await client.send("GET", path)
            #expect(refused.status == 401, "\(path): \(refused.text)")
            let token = try #require(EmulatorServer.adminToken(servingAt: client.baseURL))
            let served = try await client.send("GET", path, headers: ["Authorization": "Bearer \(token)"])
            #expect(served.status == 200)
            #expect(try server.recentRequests().isEmpty)
        }
    }
}
