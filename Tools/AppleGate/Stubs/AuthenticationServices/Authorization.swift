// The authorization controller and what every request, provider and credential shares.
//
// - https://developer.apple.com/documentation/authenticationservices/asauthorizationcontroller:
//   `class ASAuthorizationController` (neither `@MainActor` nor `Sendable`), `init()`/`new` `NS_UNAVAILABLE`;
//   …/init(authorizationrequests:) `init(authorizationRequests: [ASAuthorizationRequest])`;
//   …/authorizationrequests `var authorizationRequests: [ASAuthorizationRequest] { get }`;
//   …/delegate `weak var delegate: (any ASAuthorizationControllerDelegate)? { get set }`;
//   …/presentationcontextprovider (`weak`, not on watchOS); …/performrequests() `func performRequests()`;
//   …/cancel() (iOS 16, macOS 13)
// - https://developer.apple.com/documentation/authenticationservices/asauthorizationcontrollerdelegate:
//   `@MainActor protocol ASAuthorizationControllerDelegate : NSObjectProtocol`; both methods optional:
//   …/authorizationcontroller(controller:didcompletewithauthorization:) and
//   …/authorizationcontroller(controller:didcompletewitherror:) (`error: any Error`)
// - https://developer.apple.com/documentation/authenticationservices/asauthorizationcontrollerpresentationcontextproviding:
//   `@MainActor protocol ASAuthorizationControllerPresentationContextProviding : NSObjectProtocol`
//   (iOS 13, macOS 10.15, tvOS 13, visionOS 1; not watchOS), `func presentationAnchor(for controller:
//   ASAuthorizationController) -> ASPresentationAnchor` (required)
// - https://developer.apple.com/documentation/authenticationservices/asauthorization: `class ASAuthorization`,
//   `var provider: any ASAuthorizationProvider { get }`, `var credential: any ASAuthorizationCredential
//   { get }`, `init()` `NS_UNAVAILABLE`
// - https://developer.apple.com/documentation/authenticationservices/asauthorizationrequest: `class
//   ASAuthorizationRequest` (NSCopying, NSSecureCoding), `var provider: any ASAuthorizationProvider { get }`
// - https://developer.apple.com/documentation/authenticationservices/asauthorizationprovider: `protocol
//   ASAuthorizationProvider : NSObjectProtocol`
// - https://developer.apple.com/documentation/authenticationservices/asauthorizationcredential: `protocol
//   ASAuthorizationCredential : NSCopying, NSSecureCoding, NSObjectProtocol`
// - https://developer.apple.com/documentation/authenticationservices/asauthorizationerror-swift.struct and
//   …/code: `unknown` 1000, `canceled` 1001, `invalidResponse` 1002, `notHandled` 1003, `failed` 1004,
//   `notInteractive` 1005 (iOS 15, macOS 12), `matchedExcludedCredential` 1006 (iOS 18, macOS 15),
//   `credentialImport` 1007 and `credentialExport` 1008 (iOS 18.2, macOS 15.2); the domain is
//   `com.apple.AuthenticationServices.AuthorizationError`.
//
// Conventions: see AuthenticationServices.swift.

import Foundation

/// An interface that authorization providers must implement.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
public protocol ASAuthorizationProvider: NSObjectProtocol {}

/// An interface that all credentials share.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
public protocol ASAuthorizationCredential: NSCopying, NSSecureCoding, NSObjectProtocol {}

/// A base class for different kinds of authorization requests.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
open class ASAuthorizationRequest: NSObject, NSCopying, NSSecureCoding {
    public override init() {
        super.init()
    }

    public required init?(coder: NSCoder) {
        fatalError("stub")
    }

    /// The provider object that is being used to service this request.
    open var provider: any ASAuthorizationProvider { fatalError("stub") }

    open func encode(with coder: NSCoder) {}

    open func copy(with zone: NSZone? = nil) -> Any {
        self
    }

    open class var supportsSecureCoding: Bool { true }
}

/// An encapsulation of the credential and provider of a successful authorization.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
open class ASAuthorization: NSObject {
    @available(*, unavailable)
    public override init() {
        fatalError("stub")
    }

    /// The authorization provider that generated the authorization.
    open var provider: any ASAuthorizationProvider { fatalError("stub") }

    /// The credential that the authorization provider returned.
    open var credential: any ASAuthorizationCredential { fatalError("stub") }
}

/// An interface for providing information about the outcome of an authorization request.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
@MainActor public protocol ASAuthorizationControllerDelegate: NSObjectProtocol {
    /// Tells the delegate when authorization completes successfully. Optional in Objective-C.
    func authorizationController(
        controller: ASAuthorizationController, didCompleteWithAuthorization authorization: ASAuthorization)

    /// Tells the delegate when authorization fails. Optional in Objective-C.
    func authorizationController(controller: ASAuthorizationController, didCompleteWithError error: any Error)
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
extension ASAuthorizationControllerDelegate {
    public func authorizationController(
        controller: ASAuthorizationController, didCompleteWithAuthorization authorization: ASAuthorization
    ) {}

    public func authorizationController(controller: ASAuthorizationController, didCompleteWithError error: any Error) {}
}

/// An interface the controller uses to ask a delegate for a presentation context.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, visionOS 1.0, *)
@available(watchOS, unavailable)
@MainActor public protocol ASAuthorizationControllerPresentationContextProviding: NSObjectProtocol {
    /// Tells the delegate from which window it should present content to the user.
    func presentationAnchor(for controller: ASAuthorizationController) -> ASPresentationAnchor
}

/// A controller that manages authorization requests that a provider creates.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
open class ASAuthorizationController: NSObject {
    @available(*, unavailable)
    public override init() {
        fatalError("stub")
    }

    /// Creates a controller from a collection of authorization requests.
    public init(authorizationRequests: [ASAuthorizationRequest]) {
        super.init()
    }

    /// The authorization requests that the controller manages.
    open var authorizationRequests: [ASAuthorizationRequest] { fatalError("stub") }

    /// A delegate that the authorization controller informs about the success or failure of an authorization
    /// attempt.
    open weak var delegate: (any ASAuthorizationControllerDelegate)?

    /// A delegate that provides a display context in which the system can present an authorization
    /// interface to the user.
    @available(watchOS, unavailable)
    open weak var presentationContextProvider: (any ASAuthorizationControllerPresentationContextProviding)?

    /// Starts the authorization flows named when the controller was created.
    open func performRequests() {}

    /// Cancels any active authorization requests.
    @available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, visionOS 1.0, *)
    open func cancel() {}
}

/// Errors that can occur during authorization.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
public struct ASAuthorizationError: _BridgedStoredNSError, CustomNSError, Hashable {
    public let _nsError: NSError

    public init(_nsError: NSError) {
        self._nsError = _nsError
    }

    /// The domain of authorization errors.
    public static var errorDomain: String { "com.apple.AuthenticationServices.AuthorizationError" }
    public static var _nsErrorDomain: String { errorDomain }

    /// Codes that authorization errors can have.
    public enum Code: Int, _ErrorCodeProtocol, @unchecked Sendable, Equatable, Hashable {
        public typealias _ErrorType = ASAuthorizationError

        /// The authorization attempt failed for an unknown reason.
        case unknown = 1000
        /// The user canceled the authorization attempt.
        case canceled = 1001
        /// The authorization request received an invalid response.
        case invalidResponse = 1002
        /// The authorization request wasn't handled.
        case notHandled = 1003
        /// The authorization attempt failed.
        case failed = 1004
        @available(iOS 15.0, macOS 12.0, visionOS 1.0, *)
        case notInteractive = 1005
        /// Returned only when a registration request names `excludedCredentials`.
        @available(iOS 18.0, macOS 15.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
        case matchedExcludedCredential = 1006
        /// The credential import request failed.
        @available(iOS 18.2, macOS 15.2, visionOS 2.2, *)
        case credentialImport = 1007
        /// The credential export request failed.
        @available(iOS 18.2, macOS 15.2, visionOS 2.2, *)
        case credentialExport = 1008
    }

    public static var unknown: Code { .unknown }
    public static var canceled: Code { .canceled }
    public static var invalidResponse: Code { .invalidResponse }
    public static var notHandled: Code { .notHandled }
    public static var failed: Code { .failed }
    @available(iOS 15.0, macOS 12.0, visionOS 1.0, *)
    public static var notInteractive: Code { .notInteractive }
    @available(iOS 18.0, macOS 15.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    public static var matchedExcludedCredential: Code { .matchedExcludedCredential }
}

/// The domain of authorization errors.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
public let ASAuthorizationErrorDomain = "com.apple.AuthenticationServices.AuthorizationError"
