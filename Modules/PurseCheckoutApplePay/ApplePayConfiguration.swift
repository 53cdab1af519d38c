import Foundation

/// What only the app can give Apple Pay: its merchant id, and how the sheet presents the payment.
public struct ApplePayConfiguration: Sendable, Equatable {
    /// The Apple Pay merchant identifier (`merchant.com.example.shop`).
    public var merchantIdentifier: String
    /// The merchant's ISO 3166 country (`FR`).
    public var countryCode: String
    /// The name the sheet shows beside the amount.
    public var merchantDisplayName: String
    /// The card networks the merchant accepts (`visa`, `masterCard`, `amex`: PassKit's names).
    public var supportedNetworks: [String]

    /// A configuration for `merchantIdentifier`.
    public init(
        merchantIdentifier: String, countryCode: String = "FR", merchantDisplayName: String,
        supportedNetworks: [String] = ["visa", "masterCard", "amex"]
    ) {
        self.merchantIdentifier = merchantIdentifier
        self.countryCode = countryCode
        self.merchantDisplayName = merchantDisplayName
        self.supportedNetworks = supportedNetworks
    }
}

/// What the wallet sheet is asked to authorise.
public struct ApplePayRequest: Sendable, Equatable {
    /// The app's configuration.
    public let configuration: ApplePayConfiguration
    /// The amount in minor units.
    public let amount: Int
    /// The ISO 4217 currency.
    public let currency: String

    /// A request for `amount` minor units of `currency`.
    public init(configuration: ApplePayConfiguration, amount: Int, currency: String) {
        self.configuration = configuration
        self.amount = amount
        self.currency = currency
    }
}

/// The wallet's payment token, sent as `payment_data.apple_pay_token`. Its `description` and
/// mirror never show the encrypted payment data.
public struct ApplePayToken: Sendable, Equatable, CustomStringConvertible, CustomReflectable {
    /// The encrypted payment data (PassKit's `PKPaymentToken.paymentData`).
    public let paymentData: Data
    /// The card network (`Visa`).
    public let network: String
    /// The card type (`debit`, `credit`, `prepaid`, `store`).
    public let type: String
    /// The wallet's transaction identifier.
    public let transactionIdentifier: String

    /// A token from its parts.
    public init(paymentData: Data, network: String, type: String, transactionIdentifier: String) {
        self.paymentData = paymentData
        self.network = network
        self.type = type
        self.transactionIdentifier = transactionIdentifier
    }

    /// `ApplePayToken(Visa debit)`: never the payment data.
    public var description: String { "ApplePayToken(\(network) \(type))" }

    /// The network and type only.
    public var customMirror: Mirror {
        Mirror(self, children: ["network": network, "type": type], displayStyle: .struct)
    }
}
