#if canImport(PassKit)
    import ErrorCore
    import Foundation
    import PassKit
    import PurseCheckout

    /// The Apple presenter: PassKit's payment sheet (`PKPaymentAuthorizationController`, which needs
    /// no view controller). A shopper who closes the sheet is `PartnerUIFailure/cancelled`; a device
    /// that cannot pay with the merchant's networks is `PartnerUIFailure/unavailable(_:)`.
    ///
    /// The sheet stays up through `validate`. When the shopper authorises, the token goes to Purse and
    /// PassKit's completion handler is kept; ``finish(with:)`` hands it the real outcome, so the sheet
    /// says "Done" only for a payment that went through. If PassKit closes the sheet first (it gives up
    /// on a handler that takes too long), the outcome still reaches the app through Purse.
    ///
    /// PassKit declares both delegate methods `@MainActor` and calls them on the main thread, so they
    /// run on the main actor. The sheet's state is behind a lock because ``authorize(_:)`` and
    /// ``finish(with:)`` reach it from the caller's tasks, and the closures handed to `present` are
    /// `@Sendable`, as PassKit declares them.
    public final class PassKitPresenter: NSObject, ApplePayPresenter, PKPaymentAuthorizationControllerDelegate,
        @unchecked Sendable
    {
        // `@unchecked`: every mutable field is in `sheet`, behind its lock.

        /// PassKit's completion handler for the authorised payment. PassKit's type is not `Sendable`;
        /// it is only ever called once, on the main actor.
        private struct Completion: @unchecked Sendable {
            let handler: (PKPaymentAuthorizationResult) -> Void
        }

        /// The sheet's controller, kept alive while the sheet is up (PassKit holds only a weak
        /// delegate and no reference to the controller itself).
        private struct Controller: @unchecked Sendable {
            let controller: PKPaymentAuthorizationController
        }

        /// One sheet at a time.
        private struct Sheet {
            var controller: Controller?
            /// The caller of ``authorize(_:)``, until the shopper authorises or closes the sheet.
            var waiting: CheckedContinuation<ApplePayToken, any Error>?
            /// PassKit's handler for the authorised payment, until ``finish(with:)``.
            var completion: Completion?
        }

        private let sheet = Locked(Sheet())

        /// Why the sheet could not be shown: what `PartnerUIFailure.unavailable(_:)` carries.
        public struct SheetUnavailable: Error, Sendable, CustomStringConvertible {
            /// What stopped it.
            public let reason: String
            /// The reason.
            public var description: String { reason }
        }

        /// A presenter.
        public override init() {}

        /// Shows the sheet for `request` and returns the token once the shopper authorised it; the
        /// sheet stays up until ``finish(with:)``.
        ///
        /// - Throws: `PartnerUIFailure.cancelled` when the shopper closed the sheet,
        ///   `PartnerUIFailure.unavailable(_:)` when it could not be shown (no card of the merchant's
        ///   networks, Apple Pay restricted, or another sheet is up).
        public func authorize(_ request: ApplePayRequest) async throws -> ApplePayToken {
            try await withCheckedThrowingContinuation { continuation in
                let free = sheet.withLock { sheet in
                    guard sheet.waiting == nil, sheet.controller == nil, sheet.completion == nil else { return false }
                    sheet.waiting = continuation
                    return true
                }
                guard free else {
                    continuation.resume(
                        throwing: PartnerUIFailure.unavailable(
                            SheetUnavailable(reason: "another Apple Pay sheet is up")))
                    return
                }
                Task { @MainActor in self.show(request) }
            }
        }

        /// Shows the outcome on the sheet (`.success` only for a payment whose status is success)
        /// and lets PassKit close it.
        public func finish(with outcome: PaymentOutcome) async {
            guard
                let completion = sheet.withLock({ sheet in
                    defer { sheet.completion = nil }; return sheet.completion
                })
            else { return }
            let succeeded = if case .completed(let status) = outcome { status == .success } else { false }
            await MainActor.run {
                completion.handler(PKPaymentAuthorizationResult(status: succeeded ? .success : .failure, errors: nil))
            }
        }

        @MainActor
        private func show(_ request: ApplePayRequest) {
            let networks = request.configuration.supportedNetworks.map { PKPaymentNetwork(rawValue: $0.rawValue) }
            guard PKPaymentAuthorizationController.canMakePayments(usingNetworks: networks) else {
                end(
                    throwing: PartnerUIFailure.unavailable(
                        SheetUnavailable(reason: "no card of the merchant's networks, or Apple Pay is restricted")))
                return
            }
            let payment = PKPaymentRequest()
            payment.merchantIdentifier = request.configuration.merchantIdentifier
            payment.countryCode = request.configuration.countryCode
            payment.currencyCode = request.currency
            payment.supportedNetworks = networks
            payment.merchantCapabilities = .threeDSecure
            // Minor units to the currency's major unit (two decimals, as the contract's amounts are).
            let amount = NSDecimalNumber(mantissa: UInt64(max(request.amount, 0)), exponent: -2, isNegative: false)
            payment.paymentSummaryItems = [
                PKPaymentSummaryItem(label: request.configuration.merchantDisplayName, amount: amount)
            ]
            let controller = PKPaymentAuthorizationController(paymentRequest: payment)
            controller.delegate = self
            sheet.withLock { $0.controller = Controller(controller: controller) }
            controller.present { @Sendable presented in
                guard !presented else { return }
                self.end(
                    throwing: PartnerUIFailure.unavailable(SheetUnavailable(reason: "PassKit did not show the sheet")))
            }
        }

        /// The sheet is gone (never shown, or closed): the caller still waiting gets `error`.
        private func end(throwing error: any Error) {
            let waiting = sheet.withLock { sheet in
                defer { sheet = Sheet() }
                return sheet.waiting
            }
            waiting?.resume(throwing: error)
        }

        public func paymentAuthorizationController(
            _ controller: PKPaymentAuthorizationController, didAuthorizePayment payment: PKPayment,
            handler completion: @escaping (PKPaymentAuthorizationResult) -> Void
        ) {
            let type: String =
                switch payment.token.paymentMethod.type {
                case .debit: "debit"
                case .credit: "credit"
                case .prepaid: "prepaid"
                case .store: "store"
                default: "unknown"
                }
            let token = ApplePayToken(
                paymentData: payment.token.paymentData, network: payment.token.paymentMethod.network?.rawValue ?? "",
                type: type, transactionIdentifier: payment.token.transactionIdentifier)
            let waiting = sheet.withLock { sheet in
                defer { sheet.waiting = nil }
                if sheet.waiting != nil { sheet.completion = Completion(handler: completion) }
                return sheet.waiting
            }
            guard let waiting else {
                // Nobody is waiting for a token: nothing will be charged, and the sheet must say so.
                completion(PKPaymentAuthorizationResult(status: .failure, errors: nil))
                return
            }
            waiting.resume(returning: token)
        }

        public func paymentAuthorizationControllerDidFinish(_ controller: PKPaymentAuthorizationController) {
            controller.dismiss(completion: nil)
            // Closed before authorising: cancelled. Closed after: the outcome goes to the app anyway.
            end(throwing: PartnerUIFailure.cancelled)
        }
    }

    extension ApplePayNetwork {
        /// The network PassKit's constant names: `ApplePayNetwork(.discover)`.
        public init(_ network: PKPaymentNetwork) {
            self.init(rawValue: network.rawValue)
        }
    }
#endif
