import Foundation

/// What only the app can give Apple Pay: its merchant id, and how the sheet presents the payment.
public struct ApplePayConfiguration: Sendable, Equatable {
    /// The Apple Pay merchant identifier (`merchant.com.example.shop`).
    public var merchantIdentifier: String
    /// The merchant's ISO 3166 country (`FR`).
    public var countryCode: String
    /// The name the sheet shows beside the amount.
    public var merchantDisplayName: String
    /// The card networks the merchant accepts, in the order the sheet lists them.
    public var supportedNetworks: [ApplePayNetwork]

    /// A configuration for `merchantIdentifier`.
    public init(
        merchantIdentifier: String, countryCode: String = "FR", merchantDisplayName: String,
        supportedNetworks: [ApplePayNetwork] = [.visa, .masterCard, .amex]
    ) {
        self.merchantIdentifier = merchantIdentifier
        self.countryCode = countryCode
        self.merchantDisplayName = merchantDisplayName
        self.supportedNetworks = supportedNetworks
    }
}

/// A card network Apple Pay accepts, spelled exactly as PassKit spells it: the raw value is
/// `PKPaymentNetwork`'s (`Visa`, `MasterCard`, `AmEx`), so the sheet lists the cards the merchant
/// takes. On Apple platforms `ApplePayNetwork(PKPaymentNetwork.discover)` takes any PassKit constant.
public struct ApplePayNetwork: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// PassKit's name for the network (`PKPaymentNetwork.rawValue`).
    public let rawValue: String

    /// The network PassKit names `rawValue`.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Visa (`PKPaymentNetwork.visa`).
    public static let visa = ApplePayNetwork(rawValue: "Visa")
    /// Mastercard (`PKPaymentNetwork.masterCard`).
    public static let masterCard = ApplePayNetwork(rawValue: "MasterCard")
    /// American Express (`PKPaymentNetwork.amex`).
    public static let amex = ApplePayNetwork(rawValue: "AmEx")
    /// Discover (`PKPaymentNetwork.discover`).
    public static let discover = ApplePayNetwork(rawValue: "Discover")
    /// Cartes Bancaires (`PKPaymentNetwork.cartesBancaires`).
    public static let cartesBancaires = ApplePayNetwork(rawValue: "CartesBancaires")
    /// Maestro (`PKPaymentNetwork.maestro`).
    public static let maestro = ApplePayNetwork(rawValue: "Maestro")
    /// JCB (`PKPaymentNetwork.JCB`).
    public static let jcb = ApplePayNetwork(rawValue: "JCB")

    /// PassKit's name.
    public var description: String { rawValue }
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
