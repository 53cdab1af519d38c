import EmulatorPurse
import ErrorCore
import Foundation
import PurseCheckout
import PurseCheckoutKlarna
import PurseTools
import Testing

/// Klarna needs an app return URL: without one its element has no UI and says so; with one the
/// return comes back to it.
@Suite struct KlarnaTests {
    @Test func withoutAnAppReturnURLTheElementHasNoUIAndSaysWhy() async throws {
        try await withPurse { bed in
            let session = try await bed.session(amount: 9_000)
            let checkout = try bed.checkout(session, plugins: registry(KlarnaModule()))
            try await checkout.load()
            let element = try checkout.paymentElement(for: "klarna-paylater")
            #expect(!(element is PartnerElement))
            let error = try #require(try failure(try await firstOutcome(of: element)) as? PartnerUIError)
            #expect(error.code == .partnerUIError)
            #expect(error.message == "Klarna needs an app return URL: pass appReturnURL to paymentElement(for:…)")
            #expect(try bed.requests(session.id, "validate").isEmpty)

            // Given one, the element is built again, with a UI.
            let returnURL = URL(string: "shop-app://klarna/back")!
            let rebuilt = try checkout.paymentElement(for: "klarna-paylater", appReturnURL: returnURL)
            #expect((rebuilt as? PartnerElement)?.returnURL == returnURL)
            let outcome = try await firstOutcome(of: rebuilt)
            guard case .returnedFromRedirect(let url) = outcome else { throw UnexpectedOutcome(outcome: outcome) }
            #expect(url.absoluteString.hasPrefix("shop-app://klarna/back?"))
            #expect(checkout.paymentResult?.status == .success)
            #expect(checkout.paymentResult?.items.first?.method == "klarna-paylater")
        }
    }
}
