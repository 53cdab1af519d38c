import Emulator
import EmulatorTestSupport
import ErrorCore
import Foundation
import SDKCrypto
import Testing

@testable import EmulatorCore

/// The request log is bounded and redacted (issue 18 §3): a few big requests cannot grow it without end, the
/// admin endpoint pages, and no secret is stored in clear.
@Suite struct RequestLogBoundsTests {
    @Test func aBigBodyKeepsItsFirst4KiBItsSizeAndItsHash() async throws {
        try await withEmulator { server, client in
            let body = Data(repeating: UInt8(ascii: "x"), count: 1 << 20)
            _ = try await client.send(
                "POST", "/nope", headers: ["Content-Type": "application/octet-stream"], body: body)
            let logged = try server.onlyRequest(to: "/nope")
            #expect(logged.body.count == RequestLog.storedBodyBytes)
            #expect(logged.bodySize == body.count)
            #expect(logged.bodySHA256 == ASCIIHex.lowercase(SHA256.hash(body)))
        }
    }

    @Test func totalBytesAreCappedAsWellAsRows() async throws {
        var configuration = EmulatorConfiguration.testing(palbaseHandlers: [NotesHandler()])
        configuration.requestLogMaxBytes = 1 << 20
        try await withEmulator(configuration) { server, client in
            // 200 requests with 24 KB of headers and a 4 KiB body each would be 5.6 MB of log without the cap.
            let big = String(repeating: "h", count: 24_000)
            let body = Data(repeating: 0x41, count: 8_000)
            for index in 0..<200 {
                _ = try await client.send("POST", "/nope/\(index)", headers: ["X-A": big], body: body)
            }
            let stored = try server.store.query(
                "SELECT COUNT(*) AS n, SUM(LENGTH(headers) + LENGTH(body)) AS bytes FROM request_log")
            let bytes = try #require(stored.first?.int("bytes"))
            // The cap plus at most the 63 rows that wait for the next trim.
            #expect(bytes <= (1 << 20) + 63 * 30_000, "\(bytes) bytes kept")
            #expect((stored.first?.int("n") ?? 0) < 100)
        }
    }

    @Test func theAdminEndpointPagesFromNewestBackwards() async throws {
        try await withEmulator { _, client in
            for index in 0..<12 { _ = try await client.send("GET", "/nope/\(index)") }
            var paths: [String] = []
            var before: Int?
            repeat {
                let target = "/__emulator/requests?limit=5" + (before.map { "&before=\($0)" } ?? "")
                let page = try #require(try await client.send("GET", target).jsonObject())
                let requests = try #require(page["requests"] as? [[String: Any]])
                #expect(requests.count <= 5)
                paths = requests.compactMap { $0["path"] as? String } + paths
                before = page["next_before"] as? Int
            } while before != nil
            #expect(paths == (0..<12).map { "/nope/\($0)" })
            #expect(try await client.send("GET", "/__emulator/requests?limit=501").status == 400)
        }
    }

    @Test func secretsAreStoredOnlyAsFingerprintsAndMasks() async throws {
        try await withEmulator { server, client in
            let token = "pat_" + UUID().uuidString
            _ = try await client.send(
                "POST", "/nope",
                headers: [
                    "Authorization": "Bearer \(token)", "DPoP": "eyJ.proof.sig", "X-User-Token": "jwt-secret",
                    "Cookie": "sid=cookie-secret", "Content-Type": "application/json",
                ],
                json: #"{"email":"a@b.c","password":"hunter22","refresh_token":"rt-secret","title":"kept"}"#)
            let logged = try server.onlyRequest(to: "/nope")
            let everything =
                logged.headers.map { "\($0.name): \($0.value)" }.joined(separator: "\n")
                + String(decoding: logged.body, as: UTF8.self)
            for secret in [
                token, server.apiKey, "eyJ.proof.sig", "jwt-secret", "cookie-secret", "hunter22", "rt-secret",
            ] {
                #expect(!everything.contains(secret), "\(secret) stored in clear")
            }
            #expect(logged.header("Authorization", carried: "Bearer \(token)"))
            #expect(!logged.header("Authorization", carried: "Bearer someone-else"))
            #expect(logged.header("apikey", carried: server.apiKey))
            #expect(String(decoding: logged.body, as: UTF8.self).contains(#""title":"kept""#))
            // What the admin API serves is what is stored.
            let served = String(decoding: try await client.send("GET", "/__emulator/requests").body, as: UTF8.self)
            #expect(!served.contains(token) && !served.contains("hunter22") && !served.contains(server.apiKey))
        }
    }
}
