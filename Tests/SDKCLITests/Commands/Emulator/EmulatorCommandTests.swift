import EmulatorTestSupport
import ErrorCore
import Foundation
import Testing

@testable import Emulator

#if canImport(Glibc)
    import Glibc
#endif

/// Drives the built `sdk emulator` commands as child processes.
@Suite struct EmulatorCommandTests {
    /// Starts `sdk emulator start` on `directory` and returns the process, its base URL and API key.
    static func start(_ directory: URL, _ extra: [String] = []) async throws -> (SDKProcess, URL, String) {
        let process = try SDKProcess(
            ["emulator", "start", "--port", "0", "--data-dir", directory.path] + extra)
        let lines = try await process.readLines { $0.hasPrefix("Admin token: ") }
        let urlLine = try #require(lines.first { $0.hasPrefix("Emulator listening on ") })
        let url = try #require(URL(string: String(urlLine.dropFirst("Emulator listening on ".count))))
        let keyLine = try #require(lines.first { $0.hasPrefix("API key: ") })
        let key = String(keyLine.dropFirst("API key: ".count))
        // The printed token is the data directory's, which the CLI and a developer's curl read.
        let tokenLine = try #require(lines.last)
        let token = try #require(EmulatorAdminToken.read(in: directory))
        #expect(tokenLine.hasPrefix("Admin token: \(token) "))
        return (process, url, key)
    }

    /// A client with the data directory's admin token, as the CLI's own tools find it.
    static func client(
        _ url: URL, apiKey: String, directory: URL, timeout: TimeInterval = 5
    ) throws
        -> EmulatorTestClient
    {
        let token = try #require(EmulatorAdminToken.read(in: directory))
        return EmulatorTestClient(baseURL: url, defaultHeaders: ["apikey": apiKey], timeout: timeout, adminToken: token)
    }

    @Test(arguments: [SIGTERM, SIGINT])
    func startServesUntilASignalThenExitsCleanly(signal: Int32) async throws {
        try await withTemporaryDirectory { directory async throws in
            let (process, url, apiKey) = try await Self.start(directory)
            #expect(url.host == "127.0.0.1" && (url.port ?? 0) > 0)
            let client = try Self.client(url, apiKey: apiKey, directory: directory)
            let health = try await client.send("GET", "/__emulator/health")
            #expect(health.jsonObject()?["api_key"] as? String == apiKey)
            // Without the token the admin API answers nothing but 401.
            let anonymous = EmulatorTestClient(baseURL: url)
            let refused = try await anonymous.send("GET", "/__emulator/health")
            #expect(refused.status == 401)
            #expect(!String(decoding: refused.body, as: UTF8.self).contains(apiKey))
            #expect(try await client.send("GET", "/nothing").status == 404)

            process.send(signal)
            let exit = try await process.waitForExit()
            #expect(exit.status == 0 && !exit.signalled)
            #expect(process.standardError.contains(signal == SIGTERM ? "SIGTERM" : "SIGINT"))
            // Stopped means stopped: nothing answers on that port any more.
            await #expect(throws: (any Error).self) { _ = try await client.send("GET", "/__emulator/health") }
        }
    }

    @Test func plistMatchesTheDataDirectorysEmulatorAndKeysPersistAcrossRuns() async throws {
        try await withTemporaryDirectory { directory async throws in
            let (first, url, apiKey) = try await Self.start(directory, ["--pow", "/whoami:4", "--attest", "/todos"])
            let plistRun = try SDKProcess(
                ["emulator", "plist", "--port", "4321", "--data-dir", directory.path])
            let lines = try await plistRun.readLines { $0 == "</plist>" }
            #expect(try await plistRun.waitForExit().status == 0)
            let data = Data(lines.joined(separator: "\n").utf8)
            let document = try #require(
                try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
            let plist = document.compactMapValues { $0 as? String }
            #expect(plist["base_url"] == "http://127.0.0.1:4321")
            #expect(plist["environment"] == "local")
            // The native sign-in snapshot, issuers under the plist's base URL.
            let oauth = try #require(document["oauth"] as? [String: [String: String]])
            #expect(Set(oauth.keys) == ["google", "apple", "microsoft", "github"])
            #expect(oauth["github"] == ["mode": "browser"])
            for provider in NativeOAuthClients.providers {
                let entry = try #require(oauth[provider])
                #expect(entry["mode"] == "native")
                #expect(entry["issuer"] == "http://127.0.0.1:4321/__providers/\(provider)")
                #expect(entry["client_id"] == NativeOAuthClients.clientID(for: provider))
                #expect(entry["redirect_uri"] == NativeOAuthClients.redirectURI(for: provider))
            }
            #expect(oauth["apple"]?["redirect_uri"] == nil)

            #expect(apiKey == plist["api_key"])
            let client = try Self.client(url, apiKey: apiKey, directory: directory)
            let key = try #require(try await client.send("GET", "/.well-known/palbase-sealing-key").jsonObject())
            #expect(key["public_key"] as? String == plist["sealing_key"])
            #expect(try await client.send("GET", "/whoami").jsonObject()?["error"] as? String == "pow_required")
            let todos = try await client.send("GET", "/todos").jsonObject()
            #expect(todos?["error"] as? String == "app_attest_required")
            first.send(SIGTERM)
            #expect(try await first.waitForExit().status == 0)

            let (second, _, secondKey) = try await Self.start(directory)
            #expect(secondKey == apiKey)
            second.send(SIGTERM)
            _ = try await second.waitForExit()
        }
    }

    /// Issue 18: `plist` on a missing directory exited 0 after creating it with a new database and API key.
    @Test func plistNeverCreatesData() async throws {
        try await withTemporaryDirectory { directory async throws in
            let missing = directory.appendingPathComponent("nonexistent")
            for target in [missing, directory] {
                let result = try await SDKProcess.run(["emulator", "plist", "--data-dir", target.path])
                #expect(result.status == 1)
                #expect(result.stderr.contains("No emulator data in \(target.path);"))
            }
            #expect(!FileManager.default.fileExists(atPath: missing.path))
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
        }
    }

    @Test func badArgumentsAreUsageErrors() async throws {
        for arguments in [
            ["emulator", "start", "--port", "70000"], ["emulator", "start", "--pow", "/x:99"],
            ["emulator", "start", "--attest", "todos"],
        ] {
            let process = try SDKProcess(arguments)
            #expect(try await process.waitForExit().status == 2)
        }
    }

    @Test func killMinus9MidWriteNeverCorruptsTheDatabase() async throws {
        try await withTemporaryDirectory { directory async throws in
            let (process, url, apiKey) = try await Self.start(directory)
            let client = try Self.client(url, apiKey: apiKey, directory: directory, timeout: 2)
            let acknowledged = Acknowledgements()
            // Two writers: fault rules (admin API, one row each) and logged Palbase requests.
            let writers = Task {
                await withTaskGroup(of: Void.self) { group in
                    group.addTask {
                        var index = 0
                        while !Task.isCancelled {
                            let body = #"{"path_prefix":"/w\#(index)","action":{"type":"delay","milliseconds":0}}"#
                            // A write that timed out on a loaded machine is simply not acknowledged; keep writing.
                            guard let response = try? await client.send("POST", "/__emulator/faults", json: body),
                                response.status == 201
                            else { continue }
                            acknowledged.faultCreated()
                            index += 1
                        }
                    }
                    group.addTask {
                        while !Task.isCancelled {
                            guard
                                (try? await client.send(
                                    "POST", "/x", json: #"{"pad":"\#(String(repeating: "p", count: 512))"}"#))
                                    != nil
                            else { continue }
                            acknowledged.requestLogged()
                        }
                    }
                }
            }
            // Ends as soon as 300 writes are acknowledged (well under a second when the machine is idle); the
            // deadline only bounds a machine too loaded to make progress at all.
            try await TransportTestKit.withDeadline(.seconds(60)) {
                while acknowledged.total < 300 { try await Task.sleep(for: .milliseconds(5)) }
            }
            process.send(SIGKILL)
            let exit = try await process.waitForExit()
            #expect(exit.signalled)
            writers.cancel()
            await writers.value

            let db = try SQLiteDatabase(.file(directory.appendingPathComponent(EmulatorConfiguration.databaseFileName)))
            defer { db.close() }
            #expect(try db.integrityCheck() == "ok")
            // Every acknowledged write survives the kill (WAL, written before the commit returns): at most the
            // request in flight is lost.
            let faults = try #require(try db.query("SELECT COUNT(*) AS c FROM fault_rules").first?.int("c"))
            let logged = try #require(try db.query("SELECT COUNT(*) AS c FROM request_log").first?.int("c"))
            #expect(faults >= acknowledged.faults)
            #expect(logged >= acknowledged.requests)
            #expect(faults + logged > 0)
        }
    }
}

/// Counts writes the emulator acknowledged, from the writer tasks.
private final class Acknowledgements: Sendable {
    private let counts = Locked((faults: 0, requests: 0))

    func faultCreated() { counts.withLock { $0.faults += 1 } }
    func requestLogged() { counts.withLock { $0.requests += 1 } }
    var faults: Int { counts.withLock { $0.faults } }
    var requests: Int { counts.withLock { $0.requests } }
    var total: Int { counts.withLock { $0.faults + $0.requests } }
}
