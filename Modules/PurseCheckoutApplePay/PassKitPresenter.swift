#if canImport(PassKit)
    import Foundation
    import PassKit
    import PurseCheckout

    /// The Apple presenter: PassKit's payment sheet (`PKPaymentAuthorizationController`, which needs
    /// no view controller). A shopper who closes the sheet is `PartnerUIFailure/cancelled`; a device
    /// that cannot pay is `PartnerUIFailure/unavailable(_:)`.
    public final class PassKitPresenter: NSObject, ApplePayPresenter, PKPaymentAuthorizationControllerDelegate,
        @unchecked Sendable
    {
        // One sheet at a time; the continuation and the token are only touched on the main actor.
        private var continuation: CheckedContinuation<ApplePayToken, any Error>?
        private var token: ApplePayToken?

        /// A presenter.
        public override init() {}

        /// Shows the sheet for `request`, on the main actor.
        public func authorize(_ request: ApplePayRequest) async throws -> ApplePayToken {
            try await present(request)
        }

        @MainActor
        private func present(_ request: ApplePayRequest) async throws -> ApplePayToken {
            guard PKPaymentAuthorizationController.canMakePayments() else {
                throw PartnerUIFailure.unavailable(CocoaError(.featureUnsupported))
            }
            let payment = PKPaymentRequest()
            payment.merchantIdentifier = request.configuration.merchantIdentifier
            payment.countryCode = request.configuration.countryCode
            payment.currencyCode = request.currency
            payment.supportedNetworks = request.configuration.supportedNetworks.map { PKPaymentNetwork(rawValue: $0) }
            payment.merchantCapabilities = .threeDSecure
            // Minor units to the currency's major unit (two decimals, as the contract's amounts are).
            let amount = NSDecimalNumber(mantissa: UInt64(max(request.amount, 0)), exponent: -2, isNegative: false)
            payment.paymentSummaryItems = [
                PKPaymentSummaryItem(label: request.configuration.merchantDisplayName, amount: amount)
            ]
            let controller = PKPaymentAuthorizationController(paymentRequest: payment)
            controller.delegate = self
            token = nil
            return try await withCheckedThrowingContinuation { continuation in
                self.continuation = continuation
                controller.present { presented in
                    guard !presented else { return }
                    Task { @MainActor in
                        self.resume(with: .failure(PartnerUIFailure.unavailable(CocoaError(.featureUnsupported))))
                    }
                }
            }
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
            Task { @MainActor in self.token = token }
            completion(PKPaymentAuthorizationResult(status: .success, errors: nil))
        }

        public func paymentAuthorizationControllerDidFinish(_ controller: PKPaymentAuthorizationController) {
            controller.dismiss()
            Task { @MainActor in
                if let token = self.token {
                    self.resume(with: .success(token))
                } else {
                    self.resume(with: .failure(PartnerUIFailure.cancelled))
                }
            }
        }

        @MainActor
        private func resume(with result: Result<ApplePayToken, any Error>) {
            continuation?.resume(with: result)
            continuation = nil
        }
    }
#endif
