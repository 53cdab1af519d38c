import Emulator
import EmulatorTestSupport
import ErrorCore
import Foundation
import Testing

/// `sdk purse`, run as the real executable against an in-process emulator, chained through a saved
/// session in a temporary data directory.
@Suite struct PurseCommandTests {
    /// A running standard emulator and a data directory for the CLI's saved session.
    struct Bed {
        let server: EmulatorServer
        let baseURL: URL
        let dataDirectory: URL

        /// Runs `sdk <arguments> --base-url <emulator>` with the bed's data directory.
        func run(_ arguments: [String], timeout: Duration = .seconds(60)) async throws -> SDKProcess.Result {
            try await SDKProcess.run(
                arguments + ["--base-url", baseURL.absoluteString],
                environment: ["SDK_PURSE_DATA_DIR": dataDirectory.path], timeout: timeout)
        }

        /// Starts `sdk <arguments> --base-url <emulator>` with the bed's data directory and a stdin the test
        /// writes to (``SDKProcess/writeLine(_:)``).
        func start(_ arguments: [String]) throws -> SDKProcess {
            try SDKProcess(
                arguments + ["--base-url", baseURL.absoluteString],
                environment: [
                    "SDK_PURSE_DATA_DIR": dataDirectory.path, "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "",
                ], keepStandardInputOpen: true)
        }

        /// `sdk purse session create --amount <amount> --json`; returns the session id.
        func createSession(amount: Int = 4_999) async throws -> String {
            let result = try await run(["purse", "session", "create", "--amount", "\(amount)", "--json"])
            try #require(result.status == 0, "\(result.stdout) \(result.stderr)")
            return try #require(try result.json()["id"] as? String)
        }

        /// Every byte the CLI left in its data directory, as text.
        func savedText() throws -> String {
            let files = FileManager.default.enumerator(at: dataDirectory, includingPropertiesForKeys: nil)
            var text = ""
            while let file = files?.nextObject() as? URL {
                if let data = FileManager.default.contents(atPath: file.path) {
                    text += String(decoding: data, as: UTF8.self)
                }
            }
            return text
        }
    }

    static func withBed(_ body: (Bed) async throws -> Void) async throws {
        try await withTemporaryDirectory { directory in
            try await withRunningEmulator(EmulatorConfiguration.standard(port: 0, storage: .inMemory)) { server, url in
                try await body(
                    Bed(server: server, baseURL: url, dataDirectory: directory.appendingPathComponent("purse")))
            }
        }
    }

    static func mode(_ url: URL) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int)
    }

    @Test func sessionCreateSavesTheSessionOwnerOnlyAndMethodsListsTheirStates() async throws {
        try await Self.withBed { bed in
            let created = try await bed.run(["purse", "session", "create", "--amount", "2500", "--currency", "EUR"])
            #expect(created.status == 0, "\(created.stderr)")
            let lines = created.stdout.split(separator: "\n").map(String.init)
            try #require(lines.count == 3)
            #expect(lines[0].hasPrefix("session cs_") && lines[0].contains("for 25.00 EUR"))
            #expect(lines[1].hasPrefix("widgetData ey"))
            let file = bed.dataDirectory.appendingPathComponent("session.json")
            #expect(try Self.mode(file) == 0o600)
            #expect(try Self.mode(bed.dataDirectory) == 0o700)
            let saved = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
            #expect(saved["widgetData"] as? String == String(lines[1].dropFirst("widgetData ".count)))

            let methods = try await bed.run(["purse", "methods", "--json"])
            #expect(methods.status == 0, "\(methods.stderr)")
            let object = try methods.json()
            #expect(object["sessionId"] as? String == saved["id"] as? String)
            #expect(object["sessionState"] as? String == "ready")
            let list = try #require(object["methods"] as? [[String: Any]])
            let card = try #require(list.first { $0["id"] as? String == "creditcard" })
            #expect(card["disabled"] == nil)
            let klarna = try #require(list.first { $0["id"] as? String == "klarna-paylater" })
            let disabled = try #require(klarna["disabled"] as? [String: Any])
            #expect(disabled["code"] as? String == "MIN_AMOUNT_NOT_MET")
            #expect(disabled["origin"] as? String == "server")

            let text = try await bed.run(["purse", "methods"])
            #expect(
                text.stdout.contains("  klarna-paylater (klarna, redirection): disabled MIN_AMOUNT_NOT_MET (server)"))
            #expect(text.stdout.contains("  creditcard (purse, hosted_fields): available"))
        }
    }

    @Test func payByCardPrintsTheOutcomeButNeverTheNumberOrCVV() async throws {
        try await Self.withBed { bed in
            let id = try await bed.createSession()
            let paid = try await bed.run(
                ["purse", "pay", "--card", "4242 4242 4242 4242", "--expiry", "12/40", "--cvv", "987"])
            #expect(paid.status == 0, "\(paid.stderr)")
            #expect(paid.stdout.hasPrefix("paid: SUCCESS SUCCEEDED, payment pay_"))
            #expect(paid.stdout.contains("with visa ending 4242; session \(id) is submitted"))
            let everything = paid.stdout + paid.stderr + (try bed.savedText())
            for secret in ["4242424242424242", "4242 4242 4242 4242"] {
                #expect(!everything.contains(secret), "\(secret) leaked")
            }
            // The CVV as a word of its own: random ids (pay_…4128987d) may hold the digits inside them.
            #expect(everything.firstMatch(of: /(^|[^0-9A-Za-z])987([^0-9A-Za-z]|$)/) == nil, "the CVV leaked")
            #expect(try bed.server.pursePaymentCount(sessionID: id) == 1)

            let status = try await bed.run(["purse", "status", "--json"])
            #expect(status.status == 0, "\(status.stderr)")
            let object = try status.json()
            #expect(object["sessionState"] as? String == "submitted")
            #expect(object["payments"] as? Int == 1)
            #expect((object["payment"] as? [String: Any])?["status"] as? String == "SUCCESS")
        }
    }

    /// A card number on the command line is readable by every process on the machine: `--card` takes only
    /// test cards, and any other card comes from stdin or the environment.
    @Test func anyCardButATestCardComesFromStdinOrTheEnvironment() async throws {
        try await Self.withBed { bed in
            let real = "4111111111111111"  // Luhn-valid, in no test list
            let refused = try await bed.run(["purse", "pay", "--card", real, "--json"])
            #expect(refused.status == 2)
            #expect((try refused.json()["error"] as? [String: Any])?["code"] as? String == "invalid_value")
            #expect(!(refused.stdout + refused.stderr).contains(real))
            #expect(refused.stdout.contains("--card-stdin"))

            let arguments = ["purse", "pay", "--base-url", bed.baseURL.absoluteString]
            let environment = ["SDK_PURSE_DATA_DIR": bed.dataDirectory.path]
            let first = try await bed.createSession()
            let piped = try await SDKProcess.run(
                arguments + ["--card-stdin"], environment: environment, standardInput: Data("\(real)\n987\n".utf8))
            #expect(piped.status == 0, "\(piped.stderr)")
            #expect(piped.stdout.contains("with visa ending 1111; session \(first) is submitted"))
            #expect(try bed.server.pursePaymentCount(sessionID: first) == 1)

            let second = try await bed.createSession()
            let fromEnvironment = try await SDKProcess.run(
                arguments,
                environment: environment.merging(["SDK_PURSE_CARD": real, "SDK_PURSE_CVV": "987"]) { $1 })
            #expect(fromEnvironment.status == 0, "\(fromEnvironment.stderr)")
            #expect(try bed.server.pursePaymentCount(sessionID: second) == 1)
            for result in [piped, fromEnvironment] {
                let everything = result.stdout + result.stderr + (try bed.savedText())
                #expect(!everything.contains(real), "the number leaked")
                #expect(everything.firstMatch(of: /(^|[^0-9A-Za-z])987([^0-9A-Za-z]|$)/) == nil, "the CVV leaked")
            }
            let halfGiven = try await SDKProcess.run(
                arguments, environment: environment.merging(["SDK_PURSE_CARD": real]) { $1 })
            #expect(halfGiven.status == 2, "a number from the environment needs its CVV there too")
        }
    }

    @Test func aDeclinePrintsTheIssuersCodeAndExitsOne() async throws {
        try await Self.withBed { bed in
            let id = try await bed.createSession()
            let declined = try await bed.run(["purse", "pay", "--card", "4000000000000002", "--json"])
            #expect(declined.status == 1)
            let object = try declined.json()
            #expect(object["outcome"] as? String == "completed")
            #expect(object["status"] as? String == "FAILED")
            #expect(object["code"] as? String == "INSUFFICIENT_FUNDS")
            #expect(object["last4"] as? String == "0002")
            #expect(!declined.stdout.contains("4000000000000002"))
            #expect(try bed.server.pursePaymentCount(sessionID: id) == 1)
        }
    }

    @Test func aLostValidateAnswerIsReplayedToExactlyOnePayment() async throws {
        try await Self.withBed { bed in
            let id = try await bed.createSession()
            try bed.server.addFault(
                .executeThenDrop, method: "POST", pathPrefix: "/purse/checkout/v1/sessions/\(id)/validate", count: 1)
            let paid = try await bed.run(["purse", "pay", "--card", "5555555555554444"])
            #expect(paid.status == 0, "\(paid.stderr)")
            #expect(paid.stdout.hasPrefix("paid: SUCCESS"))
            #expect(try bed.server.pursePaymentCount(sessionID: id) == 1)
        }
    }

    @Test func anUnknownOutcomeIsReportedAndStatusResolvesItFromTheKeptKey() async throws {
        try await Self.withBed { bed in
            let id = try await bed.createSession()
            // Every validate executes and loses its answer, and the status read that follows gets none either:
            // the replays run out with the outcome unknown.
            try bed.server.addFault(
                .executeThenDrop, method: "POST", pathPrefix: "/purse/checkout/v1/sessions/\(id)/validate")
            try bed.server.addFault(
                .dropBeforeExecuting, method: "GET", pathPrefix: "/purse/checkout/v1/sessions/\(id)/status")
            let lost = try await bed.run(["purse", "pay", "--card", "4242424242424242", "--json"])
            #expect(lost.status == 1)
            let error = try #require(try lost.json()["error"] as? [String: Any])
            #expect(error["code"] as? String == "outcome_unknown")
            #expect((error["message"] as? String)?.contains("sdk purse status") == true)
            #expect(!(try bed.savedText()).contains("4242424242424242"))
            try bed.server.clearFaults()

            let status = try await bed.run(["purse", "status"])
            #expect(status.status == 0, "\(status.stderr)")
            #expect(status.stdout.contains("session \(id): 49.99 EUR, submitted"))
            #expect(status.stdout.contains("the emulator recorded 1 payment"))
            #expect(try bed.server.pursePaymentCount(sessionID: id) == 1)
        }
    }

    @Test func sessionTakesWidgetDataAndRefusesAnUnknownID() async throws {
        try await Self.withBed { bed in
            let created = try await bed.run(["purse", "session", "create", "--amount", "100", "--json"])
            let widgetData = try #require(try created.json()["widgetData"] as? String)
            try FileManager.default.removeItem(at: bed.dataDirectory.appendingPathComponent("session.json"))
            let methods = try await bed.run(["purse", "methods", "--session", widgetData, "--json"])
            #expect(methods.status == 0, "\(methods.stderr)")
            #expect(try methods.json()["amount"] as? Int == 100)

            let none = try await bed.run(["purse", "status"])
            #expect(none.status == 2)
            #expect(none.stderr.contains("run 'sdk purse session create' first"))
            let unknown = try await bed.run(["purse", "methods", "--session", "cs_nope"])
            #expect(unknown.status == 2)
            #expect(unknown.stderr.contains("is not the saved session"))
            let garbage = try await bed.run(["purse", "methods", "--session", "not-widget-data"])
            #expect(garbage.status == 2)
            #expect(garbage.stderr.contains("not a Purse session's widgetData"))
        }
    }

    @Test(arguments: [
        (["purse", "session", "create"], "missing_option", "--amount"),
        (["purse", "session", "create", "--amount", "0"], "invalid_value", "--amount"),
        (["purse", "session", "create", "--amount", "100", "--currency", "euro"], "invalid_value", "ISO 4217"),
        (["purse", "pay", "--card", "4242424242424241"], "invalid_value", "Luhn"),
        (["purse", "pay", "--card", "4242-42x2"], "invalid_value", "12 to 19 digits"),
        (["purse", "pay", "--card", "4242424242424242", "--cvv", "98765"], "invalid_value", "--cvv"),
        (["purse", "pay", "--card", "4242424242424242", "--expiry", "13/30"], "invalid_value", "MM/YY"),
        (["purse", "chaos", "--runs", "0"], "invalid_value", "--runs"),
    ])
    func badArgumentsAreUsageErrorsThatNeverEchoTheCard(
        arguments: [String], code: String, mentions: String
    )
        async throws
    {
        try await withTemporaryDirectory { directory in
            let env = ["SDK_PURSE_DATA_DIR": directory.path]
            let text = try await SDKProcess.run(arguments, environment: env)
            #expect(text.status == 2)
            #expect(text.stderr.contains(mentions), "\(text.stderr)")
            let json = try await SDKProcess.run(arguments + ["--json"], environment: env)
            #expect(json.status == 2)
            #expect((try json.json()["error"] as? [String: Any])?["code"] as? String == code)
            for secret in ["4242424242424241", "4242-42x2", "98765"] {
                #expect(!(text.stdout + text.stderr + json.stdout + json.stderr).contains(secret))
            }
        }
    }

    @Test func chaosPrintsACleanTallyAndReproducesFromItsSeed() async throws {
        let first = try await SDKProcess.run(["purse", "chaos", "--runs", "40", "--seed", "11", "--json"])
        #expect(first.status == 0, "\(first.stdout) \(first.stderr)")
        let tally = try first.json()
        #expect(tally["clean"] as? Bool == true)
        #expect(tally["submissions"] as? Int == 40)
        #expect(tally["sessionsWithSeveralPayments"] as? Int == 0)
        #expect((tally["violations"] as? [Any])?.isEmpty == true)
        let ends = ["completed", "failed", "unknown", "loadFailures"].compactMap { tally[$0] as? Int }
        #expect(ends.reduce(0, +) == 40)
        #expect((tally["payments"] as? Int ?? 0) >= (tally["completed"] as? Int ?? .max))
        let faults = try #require(tally["faults"] as? [String: Int])
        #expect(
            faults.keys.sorted() == [
                "delay_past_timeout", "drop_before_executing", "drop_before_sending", "execute_then_drop", "key_in_use",
                "server_error",
            ])

        let again = try await SDKProcess.run(["purse", "chaos", "--runs", "40", "--seed", "11"])
        #expect(again.status == 0)
        let faultLine = again.stdout.split(separator: "\n").first { $0.hasPrefix("  faults: ") }
        let expected =
            "  faults: "
            + [
                "drop_before_sending", "drop_before_executing", "execute_then_drop", "server_error",
                "delay_past_timeout", "key_in_use",
            ].map { "\($0)=\(faults[$0] ?? -1)" }.joined(separator: " ")
        #expect(faultLine.map(String.init) == expected, "the same seed draws the same faults")
        #expect(again.stdout.contains("  seed: 11 "))
        #expect(again.stdout.hasSuffix("every promise held\n"))
    }
}
