import Emulator
import EmulatorTestSupport
import ErrorCore
import Foundation
import Testing

/// `sdk palbe call` and the Palbe demo section, run as the real executable against the emulator.
@Suite struct PalbeCommandTests {
    @Test func callPrintsTheDecodedJSON() async throws {
        try await withPalbe { bed in
            let result = try await SDKProcess.run([
                "palbe", "call", "todos", "--data", #"{"title":"From the CLI"}"#, "--base-url",
                bed.baseURL.absoluteString,
            ])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains(#""title" : "From the CLI""#))
            let sent = try bed.onlyRequest(to: "/todos")
            #expect(sent.method == "POST")
            #expect(sent.header("X-Palbase-Client")?.hasPrefix("palbe-swift/") == true)
        }
    }

    @Test func callAttestsWhereTheEmulatorDemandsAppAttest() async throws {
        try await withPalbe { bed in
            bed.emulator.setAppAttest(try AppAttestRule(pathPrefix: "/todos"))
            let result = try await SDKProcess.run([
                "palbe", "call", "todos", "--data", #"{"title":"Attested"}"#, "--base-url",
                bed.baseURL.absoluteString,
            ])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains(#""title" : "Attested""#))
            #expect(try bed.requests(to: "/todos").map(\.status) == [401, 201])
            #expect(try bed.requests(to: "/auth/attest/register").map(\.status) == [204])
        }
    }

    @Test func jsonResultCarriesStatusAndRequestID() async throws {
        try await withPalbe { bed in
            let result = try await SDKProcess.run([
                "palbe", "call", "todos", "--data", #"{"title":"t"}"#, "--json", "--base-url",
                bed.baseURL.absoluteString,
            ])
            #expect(result.status == 0)
            let object = try result.json()
            #expect(object["status"] as? Int == 201)
            #expect(object["requestId"] as? String == (try bed.onlyRequest(to: "/todos").requestID))
            #expect((object["result"] as? [String: Any])?["title"] as? String == "t")
        }
    }

    @Test func jsonErrorCarriesCodeStatusAndRequestID() async throws {
        try await withPalbe { bed in
            let result = try await SDKProcess.run([
                "palbe", "call", "todos/nope", "--method", "GET", "--json", "--base-url", bed.baseURL.absoluteString,
            ])
            #expect(result.status == 1)
            let error = try #require(try result.json()["error"] as? [String: Any])
            #expect(error["code"] as? String == "todo_not_found")
            #expect(error["status"] as? Int == 404)
            #expect(error["sdk"] as? String == "palbe")
            #expect(error["requestId"] as? String == (try bed.onlyRequest(to: "/todos").requestID))
        }
    }

    @Test func queryHeaderAndDataFromAFile() async throws {
        try await withPalbe { bed in
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("palbe-\(UUID().uuidString).json")
            try Data(#"{"title":"from a file","tags":["a"]}"#.utf8).write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            let base = bed.baseURL.absoluteString
            let created = try await SDKProcess.run([
                "palbe", "call", "todos", "--data", "@\(file.path)", "--base-url", base,
            ])
            #expect(created.status == 0, "\(created.stderr)")
            let listed = try await SDKProcess.run([
                "palbe", "call", "todos", "--method", "GET", "--query", "tags=a", "--query", "tags=b",
                "--query", "completed=false", "--header", "X-Trace: abc", "--base-url", base,
            ])
            #expect(listed.status == 0, "\(listed.stderr)")
            let list = try bed.requests(to: "/todos").filter { $0.method == "GET" }
            try #require(list.count == 1)
            #expect(list[0].query == "completed=false&tags=a&tags=b")
            #expect(list[0].header("X-Trace") == "abc")
        }
    }

    @Test func badInputAndUnreachableServersFailClearly() async throws {
        let badData = try await SDKProcess.run([
            "palbe", "call", "todos", "--data", "{nope", "--base-url", "http://127.0.0.1:1",
        ])
        #expect(badData.status == 2)
        #expect(badData.stderr.contains("--data is not valid JSON"))

        let unreachable = try await SDKProcess.run([
            "palbe", "call", "todos", "--json", "--base-url", "http://127.0.0.1:1",
        ])
        #expect(unreachable.status == 1)
        let error = try #require(try unreachable.json()["error"] as? [String: Any])
        #expect(error["code"] as? String == "emulator_unreachable")
    }

    @Test func apiKeyAndPlistOverrideTheEmulatorsKeys() async throws {
        try await withPalbe { bed in
            let base = bed.baseURL.absoluteString
            let wrongKey = try await SDKProcess.run([
                "palbe", "call", "todos", "--method", "GET", "--api-key", "nope",
                "--json", "--base-url", base,
            ])
            #expect(wrongKey.status == 1)
            #expect((try wrongKey.json()["error"] as? [String: Any])?["code"] as? String == "unauthorized")

            let plist = FileManager.default.temporaryDirectory.appendingPathComponent(
                "palbe-\(UUID().uuidString).plist")
            try bed.emulator.infoPlist().write(to: plist)
            defer { try? FileManager.default.removeItem(at: plist) }
            let viaPlist = try await SDKProcess.run([
                "palbe", "call", "v1/db/echo", "--data", #"{"a":1}"#,
                "--plist", plist.path,
            ])
            #expect(viaPlist.status == 0, "\(viaPlist.stderr)")
            #expect(viaPlist.stdout.contains(#""received" : "{\"a\":1}""#))
        }
    }

    @Test func debugTraceGoesToStderrWithoutSecrets() async throws {
        try await withPalbe { bed in
            let result = try await SDKProcess.run(
                ["palbe", "call", "todos", "--method", "GET", "--base-url", bed.baseURL.absoluteString],
                environment: ["PALBASE_DEBUG": "1"])
            #expect(result.status == 0)
            #expect(result.stderr.contains("studio.palbase.sdk[http] → GET"))
            #expect(result.stderr.contains("← 200 GET"))
            #expect(!result.stderr.contains(bed.emulator.apiKey))
            #expect(result.stdout.hasPrefix("["), "the result still prints on stdout")
        }
    }

    @Test func demoSectionShowsTheTypedLockedError() async throws {
        let result = try await SDKProcess.run(["demo", "--json"], timeout: .seconds(120))
        #expect(result.status == 0, "\(result.stdout)")
        let sections = try #require(try result.json()["sections"] as? [[String: Any]])
        let palbe = try #require(sections.first { ($0["title"] as? String)?.hasPrefix("Palbe") == true })
        #expect(palbe["status"] as? String == "ok")
        let lines = (palbe["lines"] as? [String]) ?? []
        #expect(lines.contains { $0.contains("todoLocked") && $0.contains("retryAfter=30") })
        #expect(lines.contains { $0.contains("note is now nil") })
        #expect(lines.contains { $0.hasPrefix("archived") })
        #expect(lines.contains { $0.hasPrefix("attached receipt.pdf") && $0.contains("todos.attach") })
    }
}
