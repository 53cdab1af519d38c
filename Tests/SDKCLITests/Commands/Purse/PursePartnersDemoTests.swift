import Emulator
import EmulatorTestSupport
import Foundation
import SDKCLI
import Testing

/// The partners-and-splits section of `sdk demo`: a PayPal round trip, a gift card moving the
/// methods' states, and the missing-module message.
@Suite struct PursePartnersDemoTests {
    func root() -> Command {
        CLIHarness.demoRoot([.purseCheckoutPartners])
    }

    @Test func theSectionRedirectsSplitsAndNamesTheMissingModule() async throws {
        let result = await CLIHarness.run(["demo"], root: root())
        #expect(result.status == 0, "\(result.stdout)")
        let lines = result.stdoutLines
        #expect(lines.first == "[ok] PurseCheckout: partner modules, redirects and gift-card splits")
        #expect(
            lines.contains {
                $0.hasPrefix("    1. paypal-wallet: validate answered WAITING with PayPal's page")
                    && $0.contains("sdk-demo://purse/return?session_id=cs_") && $0.contains("status=approved")
            })
        #expect(lines.contains { $0.contains(".returnedFromRedirect(url:), then the status (C4): SUCCESS SUCCEEDED") })
        #expect(lines.contains("    2. gift card initialised (items/init): balance 150.00 EUR"))
        #expect(
            lines.contains(
                "       takes 10000, rest 0: creditcard PAYMENT_FULFILLED (rest 0), klarna-paylater PAYMENT_FULFILLED (rest 0)"
            ))
        #expect(
            lines.contains(
                "       takes 8000, rest 2000: creditcard available, klarna-paylater MIN_AMOUNT_NOT_MET (min 3500, rest 2000)"
            ))
        #expect(lines.contains("       takes 4000, rest 6000: creditcard available, klarna-paylater available"))
        #expect(
            lines.contains {
                $0.hasPrefix("       paid: the gift card 4000 and visa ending 4242 6000")
                    && $0.hasSuffix("2 items, SUCCESS")
            })
        #expect(
            lines.contains(
                "    3. no PayPal module installed: submit() reports .failed(METHOD_NOT_IMPLEMENTED): "
                    + "no plugin registered for paypal-wallet — install the partner product that provides it"))
        #expect(!result.stdout.contains("6000000000015000"))
    }
}
