import Foundation
import PurseCheckout

/// The seam in front of the wallet sheet: asks the shopper to authorise `request` and returns the
/// wallet's token.
///
/// Throw `PartnerUIFailure` to say how the sheet failed: `PartnerUIFailure/cancelled` when the
/// shopper closed it, `PartnerUIFailure/unavailable(_:)` when the device cannot pay with Apple Pay.
///
/// The sheet stays up while Purse validates the payment: ``finish(with:)`` tells it the real
/// outcome, and only then does it close.
public protocol ApplePayPresenter: Sendable {
    /// Shows the sheet for `request`; the token once the shopper authorised it.
    func authorize(_ request: ApplePayRequest) async throws -> ApplePayToken

    /// Shows how the payment authorised by the last ``authorize(_:)`` ended (`validate`'s verdict,
    /// or its failure) and closes the sheet. Called once per submission that reached the sheet,
    /// before the outcome reaches the app; a sheet already closed ignores it.
    func finish(with outcome: PaymentOutcome) async
}

extension ApplePayPresenter {
    /// A presenter without a sheet has nothing to show.
    public func finish(with outcome: PaymentOutcome) async {}
}

/// The Linux presenter: no sheet, a test wallet token at once (the emulator accepts any token with
/// the contract's shape). Apple platforms use `PassKitPresenter`.
public struct WalletTokenPresenter: ApplePayPresenter {
    /// The network the token names.
    public let network: String

    /// A presenter yielding tokens of `network`.
    public init(network: String = "Visa") {
        self.network = network
    }

    /// A token with random payment data and a random transaction identifier.
    public func authorize(_ request: ApplePayRequest) async throws -> ApplePayToken {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<64).map { _ in UInt8.random(in: 0...255, using: &generator) }
        return ApplePayToken(
            paymentData: Data(bytes), network: network, type: "debit",
            transactionIdentifier: UUID().uuidString.replacingOccurrences(of: "-", with: ""))
    }
}
