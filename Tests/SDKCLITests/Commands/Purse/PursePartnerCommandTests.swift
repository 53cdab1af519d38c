import Emulator
import EmulatorTestSupport
import Foundation
import PurseCheckout
import SDKTransport
import Testing

/// `sdk purse pay` with a partner method (its redirect followed on the emulator's page) and with a
/// gift card taking part of the amount.
@Suite struct PursePartnerCommandTests {
    @Test func payWithPayPalFollowsTheRedirectAndReportsTheReturn() async throws {
        try await PurseCommandTests.withBed { bed in
            let id = try await bed.createSession(amount: 12_000)
            let paid = try await bed.run(["purse", "pay", "--method", "paypal-wallet", "--auto", "--json"])
            #expect(paid.status == 0, "\(paid.stdout) \(paid.stderr)")
            let object = try paid.json()
            #expect(object["outcome"] as? String == "returned_from_redirect")
            #expect(object["status"] as? String == "SUCCESS")
            #expect(object["method"] as? String == "paypal-wallet")
            let returned = try #require(object["returnedTo"] as? String)
            #expect(returned.hasPrefix("sdk-cli://purse/return?"))
            #expect(returned.contains("session_id=\(id)"))
            #expect(returned.contains("status=approved"))
            #expect(try bed.server.pursePaymentCount(sessionID: id) == 1)

            let text = try await bed.run(["purse", "status", "--json"])
            #expect((try text.json()["payment"] as? [String: Any])?["status"] as? String == "SUCCESS")
        }
    }

    /// Without `--auto` the CLI prints the partner's page and reads the URL the shopper came back to from
    /// stdin. Here the test is the shopper: it approves on the emulator's page and types the return URL.
    @Test func payWithPayPalWithoutAutoReadsTheReturnURLFromStandardInput() async throws {
        try await PurseCommandTests.withBed { bed in
            let id = try await bed.createSession(amount: 12_000)
            let child = try bed.start(["purse", "pay", "--method", "paypal-wallet", "--json"])
            let printed = try await child.standardErrorLine(where: { $0.hasPrefix("  http") }, timeout: .seconds(60))
            let page = try #require(URL(string: printed.trimmingCharacters(in: .whitespaces)))
            let returnURL = try #require(URL(string: "sdk-cli://purse/return"))
            let shopper = PartnerPageFollower(transport: DefaultTransport.make())
            let back = try #require(try await shopper.present(page, returnURL: returnURL))
            child.writeLine(back.absoluteString)

            let paid = try await child.finish(timeout: .seconds(60))
            #expect(paid.status == 0, "\(paid)")
            let object = try paid.json()
            #expect(object["outcome"] as? String == "returned_from_redirect")
            #expect(object["status"] as? String == "SUCCESS", "the status (C4) read after the return")
            #expect(object["returnedTo"] as? String == back.absoluteString)
            #expect(back.absoluteString.contains("session_id=\(id)") && back.absoluteString.contains("status=approved"))
            #expect(try bed.server.pursePaymentCount(sessionID: id) == 1)
        }
    }

    /// A line that is not the registered return URL is not taken for a return: the CLI reports the payment
    /// as still waiting at the partner, whatever the line claims.
    @Test func aForeignURLOnStandardInputIsNotAReturn() async throws {
        try await PurseCommandTests.withBed { bed in
            let id = try await bed.createSession(amount: 12_000)
            let child = try bed.start(["purse", "pay", "--method", "paypal-wallet", "--json"])
            _ = try await child.standardErrorLine(where: { $0.hasPrefix("  http") }, timeout: .seconds(60))
            child.writeLine("https://evil.example/purse/return?session_id=\(id)&status=approved")

            let waiting = try await child.finish(timeout: .seconds(60))
            #expect(waiting.status == 1, "not paid: \(waiting)")
            let object = try waiting.json()
            #expect(object["outcome"] as? String == "completed")
            #expect(object["status"] as? String == "WAITING")
            #expect(object["returnedTo"] == nil)
        }
    }

    @Test func payWithAGiftCardAndACardSplitsTheAmount() async throws {
        try await PurseCommandTests.withBed { bed in
            let id = try await bed.createSession(amount: 10_000)
            let paid = try await bed.run([
                "purse", "pay", "--gift-card", "6000 0000 0000 4000", "--gift-pin", "4321", "--card",
                "4242424242424242",
            ])
            #expect(paid.status == 0, "\(paid.stdout) \(paid.stderr)")
            #expect(paid.stdout.contains("paid: SUCCESS SUCCEEDED"))
            #expect(paid.stdout.contains("with visa ending 4242 and a gift card taking 4000"))
            #expect(try bed.server.purseGiftItems(sessionID: id).map(\.balance) == [0])
            for secret in ["6000 0000 0000 4000", "6000000000004000", "4321", "4242424242424242"] {
                #expect(!(paid.stdout + paid.stderr).contains(secret), "\(secret) leaked")
            }
        }
    }

    @Test func aGiftCardCoveringEverythingNeedsNoCard() async throws {
        try await PurseCommandTests.withBed { bed in
            let id = try await bed.createSession(amount: 3_000)
            let paid = try await bed.run(["purse", "pay", "--gift-card", "6000000000005000", "--json"])
            #expect(paid.status == 0, "\(paid.stdout) \(paid.stderr)")
            let object = try paid.json()
            #expect(object["giftCardTaken"] as? Int == 3_000)
            #expect(object["method"] == nil)
            #expect(try bed.server.purseGiftItems(sessionID: id).map(\.balance) == [2_000])
        }
    }
}
