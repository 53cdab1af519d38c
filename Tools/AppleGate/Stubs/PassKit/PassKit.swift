// PassKit, as far as the SDKs use it: the Apple Pay sheet without a view controller.
//
// Declared as Apple documents them:
// - https://developer.apple.com/documentation/passkit/pkpaymentauthorizationcontroller: `init(paymentRequest:)`,
//   `delegate` (weak), `present(completion:)`, `dismiss(completion:)`, `canMakePayments()`,
//   `canMakePayments(usingNetworks:)`
// - https://developer.apple.com/documentation/passkit/pkpaymentauthorizationcontrollerdelegate:
//   `paymentAuthorizationControllerDidFinish(_:)` (required),
//   `paymentAuthorizationController(_:didAuthorizePayment:handler:)` (optional, iOS 11; the handler is
//   not `@Sendable`)
// - https://developer.apple.com/documentation/passkit/pkpaymentrequest, …/pkpaymentsummaryitem,
//   …/pkmerchantcapability
// - https://developer.apple.com/documentation/passkit/pkpaymentnetwork and its constants, whose raw values
//   are PassKit's: `visa` "Visa", `masterCard` "MasterCard", `amex` "AmEx", `discover` "Discover",
//   `JCB` "JCB", `maestro` "Maestro", `cartesBancaires` "CartesBancaires"
// - https://developer.apple.com/documentation/passkit/pkpayment, …/pkpaymenttoken, …/pkpaymentmethod,
//   …/pkpaymentmethodtype, …/pkpaymentauthorizationresult, …/pkpaymentauthorizationstatus
//
// Optional delegate methods have defaults in an extension. Bodies are placeholders: the gate
// type-checks against this module and never runs it.

import Foundation

/// A card network.
public struct PKPaymentNetwork: RawRepresentable, Hashable, Sendable {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    public static let amex = PKPaymentNetwork("AmEx")
    public static let cartesBancaires = PKPaymentNetwork("CartesBancaires")
    public static let discover = PKPaymentNetwork("Discover")
    public static let JCB = PKPaymentNetwork("JCB")
    public static let maestro = PKPaymentNetwork("Maestro")
    public static let masterCard = PKPaymentNetwork("MasterCard")
    public static let visa = PKPaymentNetwork("Visa")
}

/// What payment processing the merchant supports.
public struct PKMerchantCapability: OptionSet, Sendable {
    public let rawValue: UInt

    public init(rawValue: UInt) {
        self.rawValue = rawValue
    }

    public static let threeDSecure = PKMerchantCapability(rawValue: 1 << 0)
    public static let emv = PKMerchantCapability(rawValue: 1 << 1)
    public static let credit = PKMerchantCapability(rawValue: 1 << 2)
    public static let debit = PKMerchantCapability(rawValue: 1 << 3)
}

/// A line of the sheet's summary.
open class PKPaymentSummaryItem: NSObject {
    public init(label: String, amount: NSDecimalNumber) {}
}

/// What the sheet asks the user to pay.
open class PKPaymentRequest: NSObject {
    public override init() {}

    open var merchantIdentifier = ""
    open var countryCode = ""
    open var currencyCode = ""
    open var supportedNetworks: [PKPaymentNetwork] = []
    open var merchantCapabilities: PKMerchantCapability = []
    open var paymentSummaryItems: [PKPaymentSummaryItem] = []
}

/// The kind of card.
public enum PKPaymentMethodType: UInt, Sendable {
    case unknown = 0
    case debit = 1
    case credit = 2
    case prepaid = 3
    case store = 4
    @available(iOS 12.1, macOS 10.14.1, *)
    case eMoney = 5
}

/// The card the user chose.
open class PKPaymentMethod: NSObject {
    open var displayName: String? { nil }
    open var network: PKPaymentNetwork? { nil }
    open var type: PKPaymentMethodType { .unknown }
}

/// The encrypted payment data.
open class PKPaymentToken: NSObject {
    open var paymentMethod: PKPaymentMethod { PKPaymentMethod() }
    open var transactionIdentifier: String { "" }
    open var paymentData: Data { Data() }
}

/// An authorized payment.
open class PKPayment: NSObject {
    open var token: PKPaymentToken { PKPaymentToken() }
}

/// How the authorization ended, as the sheet shows it.
public enum PKPaymentAuthorizationStatus: Int, Sendable {
    case success = 0
    case failure = 1
}

/// The outcome handed back to the sheet.
open class PKPaymentAuthorizationResult: NSObject {
    public init(status: PKPaymentAuthorizationStatus, errors: [any Error]?) {}

    open var status: PKPaymentAuthorizationStatus { .failure }
}

/// Receives the sheet's events.
public protocol PKPaymentAuthorizationControllerDelegate: NSObjectProtocol {
    func paymentAuthorizationControllerDidFinish(_ controller: PKPaymentAuthorizationController)
    func paymentAuthorizationController(
        _ controller: PKPaymentAuthorizationController, didAuthorizePayment payment: PKPayment,
        handler completion: @escaping (PKPaymentAuthorizationResult) -> Void)
}

extension PKPaymentAuthorizationControllerDelegate {
    // Optional in Objective-C.
    public func paymentAuthorizationController(
        _ controller: PKPaymentAuthorizationController, didAuthorizePayment payment: PKPayment,
        handler completion: @escaping (PKPaymentAuthorizationResult) -> Void
    ) {}
}

/// The Apple Pay sheet, without a view controller.
open class PKPaymentAuthorizationController: NSObject {
    /// Whether the device can make payments.
    open class func canMakePayments() -> Bool { false }

    /// Whether the user can pay with a card of `supportedNetworks`.
    open class func canMakePayments(usingNetworks supportedNetworks: [PKPaymentNetwork]) -> Bool { false }

    /// A sheet for `request`.
    public init(paymentRequest request: PKPaymentRequest) {}

    open weak var delegate: (any PKPaymentAuthorizationControllerDelegate)?

    /// Shows the sheet; `completion` says whether it was shown.
    open func present(completion: ((Bool) -> Void)? = nil) {}

    /// Hides the sheet.
    open func dismiss(completion: (() -> Void)? = nil) {}
}
