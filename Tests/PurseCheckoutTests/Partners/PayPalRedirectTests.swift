import EmulatorPurse
import EmulatorTestSupport
import ErrorCore
import Foundation
import PurseCheckout
import PurseCheckoutPayPal
import PurseTools
import SDKCrypto
import SDKTransport
import Testing

/// PayPal's redirect: `validate` answers `WAITING` with the partner's page, the presenter shows it,
/// and only a return to the registered URL becomes `.returnedFromRedirect(url:)`, after the status.
@Suite struct PayPalRedirectTests {
    static let returnURL = URL(string: "shop-app://purse/return")!

    @Test func aRoundTripThroughThePartnerPageEndsOnTheReturnAndTheStatus() async throws {
        try await withPurse { bed in
            let session = try await bed.session(amount: 12_000)
            let checkout = try bed.checkout(session, returnURL: Self.returnURL, plugins: registry(PayPalModule()))
            try await checkout.load()
            let element = try #require(try checkout.paymentElement(for: "paypal-wallet") as? PartnerElement)
            #expect(element.returnURL == Self.returnURL)
            let outcome = try await firstOutcome(of: element)
            guard case .returnedFromRedirect(let url) = outcome else { throw UnexpectedOutcome(outcome: outcome) }
            let query = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
            #expect(url.absoluteString.hasPrefix("shop-app://purse/return?"))
            #expect(query.contains(URLQueryItem(name: "session_id", value: session.id)))
            #expect(query.contains(URLQueryItem(name: "status", value: "approved")))
            // The SDK read the status before reporting the return.
            #expect(checkout.sessionState == .submitted)
            #expect(checkout.paymentResult?.status == .success)
            let validate = try #require(try bed.requests(session.id, "validate").first)
            #expect(String(decoding: validate.body, as: UTF8.self).contains(#""return_url":"shop-app://purse/return""#))
            #expect(try bed.requests(session.id, "status").count >= 1)
            #expect(try bed.payments(session.id) == 1)
        }
    }

    @Test func aCancelOnThePartnerPageIsStillAReturnNeverCanceled() async throws {
        try await withPurse { bed in
            let session = try await bed.session()
            let presenter = PartnerPageFollower(transport: DefaultTransport.make(), decision: .cancel)
            let checkout = try bed.checkout(
                session, returnURL: Self.returnURL, plugins: registry(PayPalModule(presenter: presenter)))
            try await checkout.load()
            let outcome = try await firstOutcome(of: try checkout.paymentElement(for: "paypal-wallet"))
            guard case .returnedFromRedirect(let url) = outcome else { throw UnexpectedOutcome(outcome: outcome) }
            #expect(url.query?.contains("status=cancelled") == true)
            #expect(checkout.paymentResult?.status == .failed)
            #expect(checkout.paymentResult?.code == "CANCELLED_BY_SHOPPER")
            #expect(checkout.sessionState == .submitted)
        }
    }

    @Test func theAppsOpenerWaitsForHandleReturnWhichIgnoresOtherURLs() async throws {
        try await withPurse { bed in
            let session = try await bed.session()
            let pages = Locked<[URL]>([])
            let opener = OpenerRedirectionPresenter { url in pages.withLock { $0.append(url) } }
            let checkout = try bed.checkout(session, plugins: registry(PayPalModule(presenter: opener)))
            try await checkout.load()
            let element = try checkout.paymentElement(for: "paypal-wallet", appReturnURL: Self.returnURL)
            let outcome = try await firstOutcome(of: element)
            guard case .completed(.waiting) = outcome else { throw UnexpectedOutcome(outcome: outcome) }
            #expect(checkout.sessionState == .submitted)
            let page = try #require(pages.withLock { $0.first })
            #expect(checkout.paymentResult?.redirectionURL == page)

            // Not the registered return URL: another scheme, host or path, is ignored.
            for other in [
                "https://purse/return?status=approved", "shop-app://other/return?status=approved",
                "shop-app://purse/elsewhere?status=approved",
            ] {
                #expect(await checkout.handleReturn(url: URL(string: other)!) == nil)
            }
            #expect(try bed.requests(session.id, "status").isEmpty)

            // The shopper approves in the browser; the partner redirects to the app.
            let follower = PartnerPageFollower(transport: DefaultTransport.make())
            let returned = try #require(try await follower.present(page, returnURL: Self.returnURL))
            let outcomes = element.outcomes
            let handled = await checkout.handleReturn(url: returned)
            guard case .returnedFromRedirect(let url) = handled else { throw PartnerSDKError(reason: "not a return") }
            #expect(url == returned)
            var iterator = outcomes.makeAsyncIterator()
            guard case .returnedFromRedirect = await iterator.next() else {
                throw PartnerSDKError(reason: "the element did not hear the return")
            }
            #expect(checkout.paymentResult?.status == .success)
            #expect(checkout.sessionState == .submitted)
        }
    }

    /// The partner page sends the shopper back only to the return URL `validate` registered: a
    /// `return_url` slipped into the page's own query (another site, `javascript:`) is ignored, before
    /// and after the decision. (The page used to redirect wherever its query said.)
    @Test func thePartnerPageReturnsOnlyToTheRegisteredURL() async throws {
        try await withPurse { bed in
            let pages = Locked<[URL]>([])
            let opener = OpenerRedirectionPresenter { url in pages.withLock { $0.append(url) } }
            let checkout = try bed.checkout(try await bed.session(), plugins: registry(PayPalModule(presenter: opener)))
            try await checkout.load()
            let element = try checkout.paymentElement(for: "paypal-wallet", appReturnURL: Self.returnURL)
            _ = try await firstOutcome(of: element)
            let page = try #require(pages.withLock { $0.first }?.absoluteString)
            let transport = DefaultTransport.make()
            for forged in ["https%3A%2F%2Fevil.example%2Fsteal", "javascript%3Aalert(1)"] {
                let approve =
                    page.replacingOccurrences(of: "/checkout?", with: "/checkout/approve?")
                    + "&return_url=" + forged
                let response = try await transport.send(
                    HTTPRequest(method: "GET", url: try #require(URL(string: approve))))
                #expect(response.status == 302)
                let location = try #require(response.headers["Location"])
                #expect(location.hasPrefix(Self.returnURL.absoluteString + "?"), "\(location)")
            }
        }
    }

    @Test func aRelaunchMidRedirectResumesFromTheStatus() async throws {
        try await withPurse { bed in
            try await withTemporaryDirectory { directory in
                let session = try await bed.session()
                let store = FileSecureStore(directory: directory)
                let pages = Locked<[URL]>([])
                let opener = OpenerRedirectionPresenter { url in pages.withLock { $0.append(url) } }
                let first = try bed.checkout(
                    session, store: store, returnURL: Self.returnURL, plugins: registry(PayPalModule(presenter: opener))
                )
                try await first.load()
                _ = try await firstOutcome(of: try first.paymentElement(for: "paypal-wallet"))
                let page = try #require(pages.withLock { $0.first })

                // The app is killed at the partner; the shopper approves meanwhile.
                let returned = try #require(
                    try await PartnerPageFollower(transport: DefaultTransport.make()).present(
                        page, returnURL: Self.returnURL))
                let relaunched = try bed.checkout(
                    session, store: store, returnURL: Self.returnURL, plugins: registry(PayPalModule(presenter: opener))
                )
                try await relaunched.load()
                #expect(relaunched.sessionState == .submitted)
                #expect(relaunched.paymentResult?.status == .success)
                guard case .returnedFromRedirect = await relaunched.handleReturn(url: returned) else {
                    throw PartnerSDKError(reason: "the return after a relaunch was not taken")
                }
            }
        }
    }

    @Test(arguments: [PurseErrorCode.partnerUIUnavailable, .partnerUIFatalError, .partnerUICancelled])
    func aPresenterFailureAfterValidateLeavesTheSessionSpent(_ code: PurseErrorCode) async throws {
        try await withPurse { bed in
            let session = try await bed.session()
            let partnerError = PartnerSDKError(reason: "browser")
            let presenter = ScriptedRedirectionPresenter { _, _ in
                switch code {
                case .partnerUIUnavailable: throw PartnerUIFailure.unavailable(partnerError)
                case .partnerUICancelled: throw PartnerUIFailure.cancelled
                default: throw PartnerUIFailure.fatal(partnerError)
                }
            }
            let checkout = try bed.checkout(
                session, returnURL: Self.returnURL, plugins: registry(PayPalModule(presenter: presenter)))
            try await checkout.load()
            let events = checkout.pluginEvents
            let outcome = try await firstOutcome(of: try checkout.paymentElement(for: "paypal-wallet"))
            if code == .partnerUICancelled {
                guard case .canceled = outcome else { throw UnexpectedOutcome(outcome: outcome) }
            } else {
                let error = try #require(try failure(outcome) as? PartnerUIError)
                #expect(error.underlying as? PartnerSDKError == partnerError)
            }
            var iterator = events.makeAsyncIterator()
            #expect(try #require(await iterator.next()).state?.code == code)
            // validate was sent and the payment waits at the partner: the session is spent.
            #expect(presenter.presented.withLock { $0.count } == 1)
            #expect(checkout.sessionState == .submitted)
            #expect(checkout.paymentResult?.status == .waiting)
        }
    }
}
