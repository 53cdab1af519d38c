import Emulator
import EmulatorTestSupport
import Foundation
import SDKCLI
import Testing

/// The PurseCheckout section of `sdk demo`, on its own embedded emulator and on `--base-url`'s.
@Suite struct PurseDemoTests {
    func root() -> Command {
        CLIHarness.demoRoot([.purseCheckout])
    }

    /// The section's four steps, checked line by line; `lines` are the section's lines without the heading.
    static func expectFourSteps(_ lines: [String]) throws {
        let methods = try #require(lines.firstIndex { $0.hasPrefix("    1. session cs_") })
        #expect(lines[methods].contains("for 25.00 EUR: 5 methods, state ready"))
        #expect(lines.contains("         creditcard (purse, hosted_fields): available"))
        #expect(
            lines.contains {
                $0.hasPrefix("         klarna-paylater (klarna, redirection): disabled MIN_AMOUNT_NOT_MET (server)")
            })
        #expect(
            lines.contains {
                $0.hasPrefix("    2. paid by card (visa ending 4242): SUCCESS SUCCEEDED, payment pay_")
                    && $0.hasSuffix("; session submitted")
            })
        #expect(
            lines.contains(
                "    3. declined (visa ending 0002): .completed(FAILED) with code INSUFFICIENT_FUNDS, not an error; "
                    + "session submitted"))
        #expect(
            lines.contains {
                $0.hasPrefix("    4. validate executed and its answer was dropped (fault execute_then_drop); ")
                    && $0.contains("same Idempotency-Key: SUCCESS, payment pay_")
            })
        #expect(lines.last?.hasPrefix("       the emulator's admin API counts 1 payment for session cs_") == true)
        let joined = lines.joined(separator: "\n")
        for number in ["4242424242424242", "4242 4242 4242 4242", "4000 0000 0000 0002", "5555 5555 5555 4444"] {
            #expect(!joined.contains(number))
        }
    }

    @Test func theSectionPaysDeclinesAndReplaysALostAnswerToOnePayment() async throws {
        let result = await CLIHarness.run(["demo"], root: root())
        #expect(result.status == 0, "\(result.stdout)")
        let lines = result.stdoutLines
        #expect(lines.first == "[ok] PurseCheckout: card payments, never charged twice")
        #expect(lines.dropFirst().first?.hasPrefix("    embedded emulator at http://127.0.0.1:") == true)
        #expect(lines.dropFirst().first?.hasSuffix("/purse") == true)
        try Self.expectFourSteps(Array(lines.dropFirst()))
    }

    @Test func withABaseURLItRunsOnThatEmulatorAndItsAdminAPI() async throws {
        try await withRunningEmulator(EmulatorConfiguration.standard(port: 0, storage: .inMemory)) { server, url in
            let result = await CLIHarness.run(["demo", "--base-url", url.absoluteString], root: root())
            #expect(result.status == 0, "\(result.stdout)")
            #expect(!result.stdout.contains("embedded emulator"))
            try Self.expectFourSteps(Array(result.stdoutLines.dropFirst()))
            // The payment, the decline and the replayed one: one payment per session, three sessions.
            #expect(try server.pursePaymentCount() == 3)
            #expect(try server.recentRequests(limit: 500).filter { $0.path.hasSuffix("/validate") }.count == 4)
        }
    }
}
