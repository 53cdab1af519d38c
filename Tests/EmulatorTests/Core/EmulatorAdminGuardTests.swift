import Emulator
import EmulatorTestSupport
import ErrorCore
import Foundation
import HTTPServer
import Testing

@testable import EmulatorCore

/// The admin API needs its token, every request must name the emulator in `Host`, and the admin API refuses
/// web pages' origins and non-JSON writes (issue 18 §1: CSRF and DNS rebinding). Every check is on the wire.
@Suite struct EmulatorAdminGuardTests {
    /// `withEmulator`'s client attaches the in-process token to admin paths; these pass their own headers.
    private let noToken = ["Authorization": "Bearer wrong"]

    @Test func adminRequestsWithoutTheTokenAreRefusedAndRevealNothing() async throws {
        try await withEmulator { server, client in
            for headers in [["Authorization": ""], noToken, ["Authorization": "Basic \(server.adminToken)"]] {
                let health = try await client.send("GET", "/__emulator/health", headers: headers)
                #expect(health.status == 401, "\(headers)")
                #expect(health.jsonObject()?["error"] as? String == "admin_token_required")
                #expect(!String(decoding: health.body, as: UTF8.self).contains(server.apiKey))
            }
            // A cross-site "simple" POST (text/plain, no credential) wipes nothing.
            try server.addFault(.dropBeforeResponse, pathPrefix: "/never", count: 1)
            let reset = try await client.send(
                "POST", "/__emulator/reset", headers: noToken.merging(["Content-Type": "text/plain"]) { $1 },
                body: Data("x".utf8))
            #expect(reset.status == 401)
            #expect(try server.faults.all().count == 1)
            // The requests log stays closed too.
            #expect(try await client.send("GET", "/__emulator/requests", headers: noToken).status == 401)
            // With the token it all works.
            let allowed = try await client.send("GET", "/__emulator/health")
            #expect(allowed.status == 200)
            #expect(allowed.jsonObject()?["api_key"] as? String == server.apiKey)
        }
    }

    @Test func aRequestThatDoesNotNameTheEmulatorInHostIsMisdirected() async throws {
        try await withEmulator { server, client in
            let port = try #require(client.baseURL.port)
            for host in ["attacker.example", "attacker.example:\(port)", "127.0.0.1:\(port + 1)", "127.0.0.2:\(port)"] {
                for target in ["/__emulator/health", "/notes/a"] {
                    let answer = try await client.send("GET", target, headers: ["Host": host])
                    #expect(answer.status == 421, "\(host) \(target)")
                    #expect(answer.jsonObject()?["error"] as? String == "misdirected_request")
                    #expect(!String(decoding: answer.body, as: UTF8.self).contains(server.apiKey))
                }
            }
            for host in ["127.0.0.1:\(port)", "localhost:\(port)", "LOCALHOST:\(port)", "[::1]:\(port)"] {
                #expect(try await client.send("GET", "/__emulator/health", headers: ["Host": host]).status == 200)
            }
            // A refused request never reaches a service: nothing was logged for it.
            #expect(try server.requests(to: "/notes").isEmpty)
        }
    }

    @Test func hostIsCheckedBeforeAnEarlyAnswerToo() async throws {
        try await withEmulator { _, client in
            let port = try #require(client.baseURL.port)
            let socket = try await ServerTestClient.connect(port: port)
            try await socket.send("GET /notes/a HTTP/1.1\r\nHost: attacker.example\r\n\r\n")
            #expect(try await socket.readResponse().status == 421)
            let bare = try await ServerTestClient.connect(port: port)
            try await bare.send("GET /notes/a HTTP/1.0\r\n\r\n")
            #expect(try await bare.readResponse().status == 400)
        }
    }

    @Test func theAdminAPIRefusesForeignOriginsAndNonJSONWrites() async throws {
        try await withEmulator { _, client in
            let port = try #require(client.baseURL.port)
            for origin in [
                "https://attacker.example", "null", "http://127.0.0.1:\(port + 1)", "https://127.0.0.1:\(port)",
            ] {
                let answer = try await client.send("GET", "/__emulator/health", headers: ["Origin": origin])
                #expect(answer.status == 403, "\(origin)")
                #expect(answer.jsonObject()?["error"] as? String == "forbidden_origin")
            }
            #expect(
                try await client.send("GET", "/__emulator/health", headers: ["Origin": "http://localhost:\(port)"])
                    .status == 200)
            for contentType in ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=b"] {
                let answer = try await client.send(
                    "POST", "/__emulator/faults", headers: ["Content-Type": contentType],
                    body: Data(#"{"path_prefix":"/x","action":{"type":"delay","milliseconds":0}}"#.utf8))
                #expect(answer.status == 415, "\(contentType)")
            }
            let json = try await client.send(
                "POST", "/__emulator/faults", headers: ["Content-Type": "application/json; charset=utf-8"],
                body: Data(#"{"path_prefix":"/x","action":{"type":"delay","milliseconds":0}}"#.utf8))
            #expect(json.status == 201)
        }
    }

    /// An `admin-token` others could have written is a token an attacker knows: the emulator refuses
    /// to start on it, rather than use it silently, and says which file to look at.
    @Test func aPlantedAdminTokenStopsTheEmulator() async throws {
        try await withTemporaryDirectory { directory async throws in
            let file = directory.appendingPathComponent(EmulatorAdminToken.fileName)
            try Data("emu_planted-by-someone-else".utf8).write(to: file)
            #expect(chmod(file.path, 0o666) == 0)
            let configuration = EmulatorConfiguration(port: 0, storage: .directory(directory))
            #expect {
                _ = try EmulatorServer(configuration: configuration)
            } throws: { error in
                String(describing: error).contains(EmulatorAdminToken.fileName)
            }
            #expect(EmulatorAdminToken.read(in: directory) == nil, "the CLI does not pick it up either")
        }
    }

    @Test func aDataDirectoryKeepsOneOwnerOnlyTokenAcrossRestarts() async throws {
        try await withTemporaryDirectory { directory async throws in
            let configuration = EmulatorConfiguration(port: 0, storage: .directory(directory))
            let first = try EmulatorServer(configuration: configuration)
            let token = first.adminToken
            await first.shutdown()
            let second = try EmulatorServer(configuration: configuration)
            #expect(second.adminToken == token)
            await second.shutdown()
            #expect(EmulatorAdminToken.read(in: directory) == token)
            let attributes = try FileManager.default.attributesOfItem(
                atPath: directory.appendingPathComponent(EmulatorAdminToken.fileName).path)
            #expect((attributes[.posixPermissions] as? Int) == 0o600)
            #expect(token.hasPrefix("emu_") && token.count > 40)
            // In memory, every emulator has its own.
            let a = try EmulatorServer(configuration: .testing())
            let b = try EmulatorServer(configuration: .testing())
            #expect(a.adminToken != b.adminToken)
            await a.shutdown()
            await b.shutdown()
        }
    }
}
