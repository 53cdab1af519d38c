// PassKit, as far as the SDKs use it: the Apple Pay sheet without a view controller
// (`PKPaymentAuthorizationController`), its delegate, and the request, payment and result types.
//
// Declared as Apple documents them: names, labels, optionality, availability, isolation and sendability.
// - https://developer.apple.com/documentation/passkit/pkpaymentauthorizationcontroller: `class
//   PKPaymentAuthorizationController` (neither `@MainActor` nor `Sendable`; iOS 10, macOS 11, watchOS 3,
//   visionOS 1); …/init(paymentrequest:) `init(paymentRequest request: PKPaymentRequest)`; …/delegate
//   `weak var delegate: (any PKPaymentAuthorizationControllerDelegate)? { get set }`;
//   …/present(completion:) `func present(completion: (@Sendable (Bool) -> Void)? = nil)`;
//   …/dismiss(completion:) `func dismiss(completion: (@Sendable () -> Void)? = nil)`; …/canmakepayments(),
//   …/canmakepayments(usingnetworks:), …/canmakepayments(usingnetworks:capabilities:) (`class func`)
// - https://developer.apple.com/documentation/passkit/pkpaymentauthorizationcontrollerdelegate: `protocol
//   PKPaymentAuthorizationControllerDelegate : NSObjectProtocol` (the protocol is not `@MainActor`; two of
//   its methods are):
//   …/paymentauthorizationcontrollerdidfinish(_:) `@MainActor func paymentAuthorizationControllerDidFinish(
//   _ controller: PKPaymentAuthorizationController)` (required);
//   …/paymentauthorizationcontroller(_:didauthorizepayment:handler:) `@MainActor optional func
//   paymentAuthorizationController(_ controller: PKPaymentAuthorizationController, didAuthorizePayment
//   payment: PKPayment, handler completion: @escaping (PKPaymentAuthorizationResult) -> Void)` (iOS 11,
//   macOS 11; the handler is not `@Sendable`, unlike the view controller delegate's);
//   …/presentationwindow(for:) `optional func presentationWindow(for controller:
//   PKPaymentAuthorizationController) -> UIWindow?` (iOS 14, macOS 11, where it returns an `NSWindow?`;
//   not `@MainActor`)
// - https://developer.apple.com/documentation/passkit/pkpaymentrequest (`merchantIdentifier`,
//   `countryCode`, `currencyCode`, `supportedNetworks`, `merchantCapabilities`, `paymentSummaryItems`),
//   …/pkpaymentsummaryitem (`init(label: String, amount: NSDecimalNumber)`, from
//   `+summaryItemWithLabel:amount:`), …/pkmerchantcapability (`threeDSecure` 1, `emv` 2, `credit` 4,
//   `debit` 8, `instantFundsOut` 128 from iOS 17; the Swift names of the iOS 17 SDK)
// - https://developer.apple.com/documentation/passkit/pkpaymentnetwork (`struct PKPaymentNetwork`, an
//   `NS_TYPED_EXTENSIBLE_ENUM` of `NSString`: `init(_:)`, `init(rawValue:)`) and its constants. Apple's pages
//   give no raw values; the values here are the strings PassKit's own network list holds ("AmEx", "Visa",
//   "MasterCard", "Discover", "JCB", "Maestro", "CartesBancaires"), which the SDK's
//   `ApplePayNetwork(rawValue:)` relies on.
// - https://developer.apple.com/documentation/passkit/pkpayment (`var token: PKPaymentToken { get }`),
//   …/pkpaymenttoken (`paymentMethod`, `transactionIdentifier`, `paymentData`), …/pkpaymentmethod
//   (`displayName: String?`, `network: PKPaymentNetwork?`, `type: PKPaymentMethodType`),
//   …/pkpaymentmethodtype (`unknown` 0, `debit` 1, `credit` 2, `prepaid` 3, `store` 4, `eMoney` 5 from
//   iOS 12.1.1)
// - https://developer.apple.com/documentation/passkit/pkpaymentauthorizationresult (`init(status:
//   PKPaymentAuthorizationStatus, errors: [any Error]?)`, `var status { get set }`, `var errors: [any
//   Error]! { get set }`; iOS 11, macOS 11) and …/pkpaymentauthorizationstatus (`success` 0, `failure` 1,
//   the address and contact statuses 2–4 deprecated in iOS 11, `pinRequired` 5, `pinIncorrect` 6,
//   `pinLockout` 7 from iOS 9.2)
//
// Optional delegate methods are Swift protocol requirements with defaults in an extension (a misspelled one,
// which Xcode warns nearly matches an `@objc optional` requirement, is not caught here). `NS_ENUM`s
// import as non-frozen Swift enums; a Linux build cannot make an enum non-frozen, so a `switch` over one
// without `@unknown default` compiles here without the warning Xcode gives. PassKit's headers import UIKit
// (AppKit on macOS) and Foundation, which the module re-exports as the framework's does. Bodies are
// placeholders: the gate type-checks against this module and never runs it.

@_exported import Foundation

#if canImport(UIKit)
    @_exported import UIKit
#elseif canImport(AppKit)
    @_exported import AppKit
#endif

/// A type that represents a payment network.
@available(iOS 8.0, macOS 11.0, watchOS 3.0, visionOS 1.0, *)
public struct PKPaymentNetwork: RawRepresentable, Hashable, Sendable {
    public let rawValue: String

    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// American Express.
    public static let amex = PKPaymentNetwork("AmEx")
    /// Cartes Bancaires.
    @available(iOS 11.2, macOS 11.0, watchOS 4.2, visionOS 1.0, *)
    public static let cartesBancaires = PKPaymentNetwork("CartesBancaires")
    /// Discover.
    @available(iOS 9.0, macOS 11.0, watchOS 3.0, visionOS 1.0, *)
    public static let discover = PKPaymentNetwork("Discover")
    /// JCB.
    @available(iOS 10.1, macOS 11.0, watchOS 3.1, visionOS 1.0, *)
    public static let JCB = PKPaymentNetwork("JCB")
    /// Maestro.
    @available(iOS 12.0, macOS 11.0, watchOS 5.0, visionOS 1.0, *)
    public static let maestro = PKPaymentNetwork("Maestro")
    /// Mastercard.
    public static let masterCard = PKPaymentNetwork("MasterCard")
    /// Visa.
    public static let visa = PKPaymentNetwork("Visa")
}

/// Capabilities for processing payment.
@available(iOS 8.0, macOS 11.0, watchOS 3.0, visionOS 1.0, *)
public struct PKMerchantCapability: OptionSet, Sendable {
    public let rawValue: UInt

    public init(rawValue: UInt) {
        self.rawValue = rawValue
    }

    /// Support for the 3-D Secure protocol.
    public static let threeDSecure = PKMerchantCapability(rawValue: 1 << 0)
    /// Support for the EMV protocol.
    public static let emv = PKMerchantCapability(rawValue: 1 << 1)
    /// Support for credit cards.
    @available(iOS 9.0, macOS 11.0, watchOS 3.0, visionOS 1.0, *)
    public static let credit = PKMerchantCapability(rawValue: 1 << 2)
    /// Support for debit cards.
    @available(iOS 9.0, macOS 11.0, watchOS 3.0, visionOS 1.0, *)
    public static let debit = PKMerchantCapability(rawValue: 1 << 3)
    /// The merchant supports disbursing funds using Instant Funds Out.
    @available(iOS 17.0, macOS 14.0, watchOS 10.0, visionOS 1.0, *)
    public static let instantFundsOut = PKMerchantCapability(rawValue: 1 << 7)
}

/// An object that defines a summary item in a payment request.
@available(iOS 8.0, macOS 11.0, watchOS 3.0, visionOS 1.0, *)
open class PKPaymentSummaryItem: NSObject {
    public override init() {
        super.init()
    }

    /// Creates a summary item with a label and amount.
    public convenience init(label: String, amount: NSDecimalNumber) {
        self.init()
    }

    /// A short description of the summary item.
    open var label: String {
        get { fatalError("stub") }
        set {}
    }

    /// The summary item's amount.
    open var amount: NSDecimalNumber {
        get { fatalError("stub") }
        set {}
    }
}

/// A request for payment, which includes information about payment-processing capabilities, the payment
/// amount, and shipping information.
@available(iOS 8.0, macOS 11.0, watchOS 3.0, visionOS 1.0, *)
open class PKPaymentRequest: NSObject {
    public override init() {
        super.init()
    }

    /// Your merchant identifier.
    open var merchantIdentifier: String {
        get { fatalError("stub") }
        set {}
    }

    /// The merchant's two-letter ISO 3166 country code.
    open var countryCode: String {
        get { fatalError("stub") }
        set {}
    }

    /// The three-letter ISO 4217 currency code that determines the currency this payment request uses.
    open var currencyCode: String {
        get { fatalError("stub") }
        set {}
    }

    /// The payment networks that the merchant supports.
    open var supportedNetworks: [PKPaymentNetwork] {
        get { fatalError("stub") }
        set {}
    }

    /// A bit field of the payment-processing protocols and card types that you support.
    open var merchantCapabilities: PKMerchantCapability {
        get { fatalError("stub") }
        set {}
    }

    /// An array of payment summary item objects that summarize the amount of the payment.
    open var paymentSummaryItems: [PKPaymentSummaryItem] {
        get { fatalError("stub") }
        set {}
    }
}

/// A type that represents the card types for payment methods.
@available(iOS 9.0, macOS 11.0, watchOS 3.0, visionOS 1.0, *)
public enum PKPaymentMethodType: UInt, Sendable {
    case unknown = 0
    case debit = 1
    case credit = 2
    case prepaid = 3
    case store = 4
    @available(iOS 12.1.1, macOS 11.0, watchOS 5.1.2, visionOS 1.0, *)
    case eMoney = 5
}

/// Information about a card used in a payment transaction.
@available(iOS 9.0, macOS 11.0, watchOS 3.0, visionOS 1.0, *)
open class PKPaymentMethod: NSObject {
    /// A description of the card, suitable for display.
    open var displayName: String? { fatalError("stub") }
    /// The payment network that backs the card.
    open var network: PKPaymentNetwork? { fatalError("stub") }
    /// The card's type of payment.
    open var type: PKPaymentMethodType { fatalError("stub") }
}

/// An object that contains the encrypted payment information.
@available(iOS 8.0, macOS 11.0, watchOS 3.0, visionOS 1.0, *)
open class PKPaymentToken: NSObject {
    /// Information about the card used in the transaction.
    @available(iOS 9.0, macOS 11.0, watchOS 3.0, visionOS 1.0, *)
    open var paymentMethod: PKPaymentMethod { fatalError("stub") }
    /// A unique identifier for this payment.
    open var transactionIdentifier: String { fatalError("stub") }
    /// The encrypted payment data.
    open var paymentData: Data { fatalError("stub") }
}

/// An object that contains information about a payment the user authorized.
@available(iOS 8.0, macOS 11.0, watchOS 3.0, visionOS 1.0, *)
open class PKPayment: NSObject {
    /// The encrypted token for an authorized payment.
    open var token: PKPaymentToken { fatalError("stub") }
}

/// General success and failure status for payment authorization.
@available(iOS 8.0, macOS 11.0, watchOS 3.0, visionOS 1.0, *)
public enum PKPaymentAuthorizationStatus: Int, Sendable {
    /// Merchant successfully authorized the transaction.
    case success = 0
    /// Merchant failed to authorize the transaction.
    case failure = 1
    @available(iOS, introduced: 8.0, deprecated: 11.0)
    case invalidBillingPostalAddress = 2
    @available(iOS, introduced: 8.0, deprecated: 11.0)
    case invalidShippingPostalAddress = 3
    @available(iOS, introduced: 8.0, deprecated: 11.0)
    case invalidShippingContact = 4
    /// The transaction requires a PIN.
    @available(iOS 9.2, macOS 11.0, watchOS 3.0, visionOS 1.0, *)
    case pinRequired = 5
    /// The user entered an incorrect PIN.
    @available(iOS 9.2, macOS 11.0, watchOS 3.0, visionOS 1.0, *)
    case pinIncorrect = 6
    /// The user entered too many incorrect PINs.
    @available(iOS 9.2, macOS 11.0, watchOS 3.0, visionOS 1.0, *)
    case pinLockout = 7
}

/// An object that reports the status code and errors for a payment authorization request.
@available(iOS 11.0, macOS 11.0, watchOS 4.0, visionOS 1.0, *)
open class PKPaymentAuthorizationResult: NSObject {
    /// Initializes the result with the status code and list of errors.
    public init(status: PKPaymentAuthorizationStatus, errors: [any Error]?) {
        super.init()
    }

    /// The status of the payment.
    open var status: PKPaymentAuthorizationStatus {
        get { fatalError("stub") }
        set {}
    }

    /// List of errors in the Apple Pay sheet.
    open var errors: [any Error]! {
        get { fatalError("stub") }
        set {}
    }
}

/// Methods that let you respond to user interactions with your payment authorization controller.
@available(iOS 10.0, macOS 11.0, watchOS 3.0, visionOS 1.0, *)
public protocol PKPaymentAuthorizationControllerDelegate: NSObjectProtocol {
    /// Tells the delegate that payment authorization has completed.
    @MainActor func paymentAuthorizationControllerDidFinish(_ controller: PKPaymentAuthorizationController)

    /// Tells the delegate that the user authorized the payment request, and asks for a result. Optional in
    /// Objective-C.
    @available(iOS 11.0, macOS 11.0, watchOS 4.0, visionOS 1.0, *)
    @MainActor func paymentAuthorizationController(
        _ controller: PKPaymentAuthorizationController, didAuthorizePayment payment: PKPayment,
        handler completion: @escaping (PKPaymentAuthorizationResult) -> Void)

    #if canImport(UIKit)
        /// Returns the window in which to present a payment authorization sheet. Optional in Objective-C.
        @available(iOS 14.0, watchOS 7.0, visionOS 1.0, *)
        func presentationWindow(for controller: PKPaymentAuthorizationController) -> UIWindow?
    #elseif canImport(AppKit)
        /// Returns the window in which to present a payment authorization sheet. Optional in Objective-C.
        @available(macOS 11.0, *)
        func presentationWindow(for controller: PKPaymentAuthorizationController) -> NSWindow?
    #endif
}

@available(iOS 10.0, macOS 11.0, watchOS 3.0, visionOS 1.0, *)
extension PKPaymentAuthorizationControllerDelegate {
    @available(iOS 11.0, macOS 11.0, watchOS 4.0, visionOS 1.0, *)
    @MainActor public func paymentAuthorizationController(
        _ controller: PKPaymentAuthorizationController, didAuthorizePayment payment: PKPayment,
        handler completion: @escaping (PKPaymentAuthorizationResult) -> Void
    ) {}

    #if canImport(UIKit)
        @available(iOS 14.0, watchOS 7.0, visionOS 1.0, *)
        public func presentationWindow(for controller: PKPaymentAuthorizationController) -> UIWindow? {
            nil
        }
    #elseif canImport(AppKit)
        @available(macOS 11.0, *)
        public func presentationWindow(for controller: PKPaymentAuthorizationController) -> NSWindow? {
            nil
        }
    #endif
}

/// An object that presents a sheet that prompts the user to authorize a payment request.
@available(iOS 10.0, macOS 11.0, watchOS 3.0, visionOS 1.0, *)
open class PKPaymentAuthorizationController: NSObject {
    /// Returns whether the user can make payments.
    open class func canMakePayments() -> Bool {
        fatalError("stub")
    }

    /// Returns whether the user can make payments through the specified networks.
    open class func canMakePayments(usingNetworks supportedNetworks: [PKPaymentNetwork]) -> Bool {
        fatalError("stub")
    }

    /// Returns whether the user can make payments through the specified networks with the capabilities.
    open class func canMakePayments(
        usingNetworks supportedNetworks: [PKPaymentNetwork], capabilities capabilties: PKMerchantCapability
    ) -> Bool {
        fatalError("stub")
    }

    /// Initializes and returns a payment authorization controller.
    public init(paymentRequest request: PKPaymentRequest) {
        super.init()
    }

    /// The controller's delegate.
    open weak var delegate: (any PKPaymentAuthorizationControllerDelegate)?

    /// Presents the payment sheet modally over your app; `completion` says whether it was presented.
    open func present(completion: (@Sendable (Bool) -> Void)? = nil) {}

    /// Presents the payment sheet modally over your app; whether it was presented.
    open func present() async -> Bool {
        fatalError("stub")
    }

    /// Dismisses the payment sheet.
    open func dismiss(completion: (@Sendable () -> Void)? = nil) {}

    /// Dismisses the payment sheet.
    open func dismiss() async {}
}
