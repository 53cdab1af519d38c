// AuthenticationServices, as far as the SDKs use it: the web-authentication sheet and the passkey
// sheet.
//
// Declared as Apple documents them (names, labels, optionality, isolation, availability):
// - https://developer.apple.com/documentation/authenticationservices/aswebauthenticationsession: a class,
//   not actor-isolated; `CompletionHandler` is `(URL?, (any Error)?) -> Void`, not `@Sendable`, called on
//   a thread of the system's choosing; `init(url:callbackURLScheme:completionHandler:)` (to be
//   deprecated); `init(url:callback:completionHandler:)` and `Callback` (iOS 17.4, macOS 14.4, tvOS 17.4,
//   watchOS 10.4, visionOS 1.1), `Callback.customScheme(_:)`, `.https(host:path:)`; `canStart` (13.4),
//   `start()`, `cancel()`, `prefersEphemeralWebBrowserSession`, `additionalHeaderFields` (17.4)
// - https://developer.apple.com/documentation/authenticationservices/aswebauthenticationsessionerror/code
// - https://developer.apple.com/documentation/authenticationservices/aswebauthenticationpresentationcontextproviding
//   (`@MainActor protocol … : NSObjectProtocol`)
// - https://developer.apple.com/documentation/authenticationservices/aspresentationanchor (UIWindow on
//   iOS, NSWindow on macOS)
// - https://developer.apple.com/documentation/authenticationservices/asauthorizationcontroller,
//   `delegate`, `presentationContextProvider` (weak), `performRequests()`
// - https://developer.apple.com/documentation/authenticationservices/asauthorizationcontrollerdelegate and
//   …/asauthorizationcontrollerpresentationcontextproviding (both `@MainActor protocol … : NSObjectProtocol`)
// - https://developer.apple.com/documentation/authenticationservices/asauthorizationerror/code
// - https://developer.apple.com/documentation/authenticationservices/asauthorizationplatformpublickeycredentialprovider
//   and its registration and assertion requests and credentials (iOS 15, macOS 12)
//
// Objective-C protocols with optional methods are declared as Swift protocols whose optional methods
// have defaults in an extension. Objective-C enums imported as non-frozen Swift enums cannot be made
// non-frozen in a Linux build, so a `switch` missing `@unknown default` is not caught here.
// Bodies are placeholders: the gate type-checks against this module and never runs it.

import Foundation

#if canImport(UIKit)
    import UIKit

    /// The window a sheet is presented over.
    public typealias ASPresentationAnchor = UIWindow
#elseif canImport(AppKit)
    import AppKit

    /// The window a sheet is presented over.
    public typealias ASPresentationAnchor = NSWindow
#endif

// MARK: - Web authentication

/// Provides the window the web-authentication sheet is shown over.
@MainActor public protocol ASWebAuthenticationPresentationContextProviding: NSObjectProtocol {
    func presentationAnchor(for session: ASWebAuthenticationSession) -> ASPresentationAnchor
}

/// A session that authenticates the user through a web service.
open class ASWebAuthenticationSession: NSObject {
    /// Called once with the callback URL, or with an error.
    public typealias CompletionHandler = (URL?, (any Error)?) -> Void

    /// What ends the session: a callback URL with a custom scheme, or an https host and path.
    @available(iOS 17.4, macOS 14.4, tvOS 17.4, watchOS 10.4, visionOS 1.1, *)
    open class Callback: NSObject {
        override private init() {}

        /// A callback URL with `customScheme`.
        open class func customScheme(_ customScheme: String) -> Self { fatalError("stub") }

        /// A callback URL on `host` at `path` (a universal link).
        open class func https(host: String, path: String) -> Self { fatalError("stub") }

        /// Whether `url` is the callback.
        open func matchesURL(_ url: URL) -> Bool { false }
    }

    /// A session for `URL`, ending at a URL with `callbackURLScheme`.
    @available(iOS, introduced: 12.0, deprecated: 100000)
    @available(macOS, introduced: 10.15, deprecated: 100000)
    public init(url URL: URL, callbackURLScheme: String?, completionHandler: @escaping CompletionHandler) {}

    /// A session for `URL`, ending when `callback` matches.
    @available(iOS 17.4, macOS 14.4, tvOS 17.4, watchOS 10.4, visionOS 1.1, *)
    public init(url URL: URL, callback: Callback, completionHandler: @escaping CompletionHandler) {}

    /// Provides the window to present over.
    open weak var presentationContextProvider: (any ASWebAuthenticationPresentationContextProviding)?

    /// Whether the browser should keep no cookies or data from this session.
    open var prefersEphemeralWebBrowserSession = false

    /// Headers added to the initial request.
    @available(iOS 17.4, macOS 14.4, tvOS 17.4, watchOS 10.4, visionOS 1.1, *)
    open var additionalHeaderFields: [String: String]?

    /// Whether the session can start.
    @available(iOS 13.4, macOS 10.15.4, *)
    open var canStart: Bool { false }

    /// Starts the session; false when it could not.
    open func start() -> Bool { false }

    /// Cancels the session, dismissing the sheet.
    open func cancel() {}
}

/// Errors of a web-authentication session.
public struct ASWebAuthenticationSessionError: Error, Hashable, Sendable {
    public enum Code: Int, Sendable {
        case canceledLogin = 1
        case presentationContextNotProvided = 2
        case presentationContextInvalid = 3
    }

    public let code: Code

    public init(_ code: Code) {
        self.code = code
    }

    public static var canceledLogin: Code { .canceledLogin }
}

// MARK: - Authorization

/// A request to authorize with a provider.
open class ASAuthorizationRequest: NSObject {}

/// A credential an authorization produced.
public protocol ASAuthorizationCredential: NSObjectProtocol {}

/// A provider of authorization requests.
public protocol ASAuthorizationProvider: NSObjectProtocol {}

/// A successful authorization.
open class ASAuthorization: NSObject {
    open var provider: any ASAuthorizationProvider { fatalError("stub") }
    open var credential: any ASAuthorizationCredential { fatalError("stub") }
}

/// Informs about the outcome of an authorization request.
@MainActor public protocol ASAuthorizationControllerDelegate: NSObjectProtocol {
    func authorizationController(
        controller: ASAuthorizationController, didCompleteWithAuthorization authorization: ASAuthorization)
    func authorizationController(controller: ASAuthorizationController, didCompleteWithError error: any Error)
}

extension ASAuthorizationControllerDelegate {
    // Optional in Objective-C.
    public func authorizationController(
        controller: ASAuthorizationController, didCompleteWithAuthorization authorization: ASAuthorization
    ) {}
    public func authorizationController(controller: ASAuthorizationController, didCompleteWithError error: any Error) {}
}

/// Provides the window the authorization sheet is shown over.
@MainActor public protocol ASAuthorizationControllerPresentationContextProviding: NSObjectProtocol {
    func presentationAnchor(for controller: ASAuthorizationController) -> ASPresentationAnchor
}

/// Manages authorization requests.
open class ASAuthorizationController: NSObject {
    /// A controller for `authorizationRequests`.
    public init(authorizationRequests: [ASAuthorizationRequest]) {}

    open var authorizationRequests: [ASAuthorizationRequest] { [] }
    open weak var delegate: (any ASAuthorizationControllerDelegate)?
    open weak var presentationContextProvider: (any ASAuthorizationControllerPresentationContextProviding)?

    /// Starts the requests.
    open func performRequests() {}
}

/// Errors of an authorization.
public struct ASAuthorizationError: Error, Hashable, Sendable {
    public enum Code: Int, Sendable {
        case unknown = 1000
        case canceled = 1001
        case invalidResponse = 1002
        case notHandled = 1003
        case failed = 1004
        case notInteractive = 1005
    }

    public let code: Code

    public init(_ code: Code) {
        self.code = code
    }
}

// MARK: - Passkeys

/// How strongly a request asks for user verification.
public struct ASAuthorizationPublicKeyCredentialUserVerificationPreference: RawRepresentable, Hashable, Sendable {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public static let preferred = Self(rawValue: "preferred")
    public static let required = Self(rawValue: "required")
    public static let discouraged = Self(rawValue: "discouraged")
}

/// Passkeys on this device and the user's other devices.
@available(iOS 15.0, macOS 12.0, tvOS 16.0, visionOS 1.0, *)
open class ASAuthorizationPlatformPublicKeyCredentialProvider: NSObject, ASAuthorizationProvider {
    /// A provider for `relyingPartyIdentifier`.
    public init(relyingPartyIdentifier: String) {}

    open var relyingPartyIdentifier: String { "" }

    /// A request to register a new passkey.
    open func createCredentialRegistrationRequest(
        challenge: Data, name: String, userID: Data
    )
        -> ASAuthorizationPlatformPublicKeyCredentialRegistrationRequest
    { fatalError("stub") }

    /// A request to sign in with a passkey.
    open func createCredentialAssertionRequest(
        challenge: Data
    )
        -> ASAuthorizationPlatformPublicKeyCredentialAssertionRequest
    { fatalError("stub") }
}

/// A request to register a passkey.
@available(iOS 15.0, macOS 12.0, tvOS 16.0, visionOS 1.0, *)
open class ASAuthorizationPlatformPublicKeyCredentialRegistrationRequest: ASAuthorizationRequest {
    open var displayName: String?
    open var userVerificationPreference: ASAuthorizationPublicKeyCredentialUserVerificationPreference = .preferred
}

/// A request to sign in with a passkey.
@available(iOS 15.0, macOS 12.0, tvOS 16.0, visionOS 1.0, *)
open class ASAuthorizationPlatformPublicKeyCredentialAssertionRequest: ASAuthorizationRequest {
    open var userVerificationPreference: ASAuthorizationPublicKeyCredentialUserVerificationPreference = .preferred
}

/// A newly registered passkey.
@available(iOS 15.0, macOS 12.0, tvOS 16.0, visionOS 1.0, *)
open class ASAuthorizationPlatformPublicKeyCredentialRegistration: NSObject, ASAuthorizationCredential {
    open var credentialID: Data { Data() }
    open var rawClientDataJSON: Data { Data() }
    open var rawAttestationObject: Data? { nil }
}

/// A passkey sign-in.
@available(iOS 15.0, macOS 12.0, tvOS 16.0, visionOS 1.0, *)
open class ASAuthorizationPlatformPublicKeyCredentialAssertion: NSObject, ASAuthorizationCredential {
    open var credentialID: Data { Data() }
    open var rawClientDataJSON: Data { Data() }
    open var rawAuthenticatorData: Data! { nil }
    open var signature: Data! { nil }
    open var userID: Data! { nil }
}
