// ASWebAuthenticationSession: the system's web-authentication sheet.
//
// - https://developer.apple.com/documentation/authenticationservices/aswebauthenticationsession:
//   `class ASWebAuthenticationSession` (neither `@MainActor` nor `Sendable`; conforms to NSObjectProtocol,
//   Hashable… only); `init()`/`new` are `NS_UNAVAILABLE`.
// - …/aswebauthenticationsession/completionhandler: `typealias CompletionHandler = (URL?, (any Error)?)
//   -> Void`. Not `@Sendable`, and called "when the session completes successfully, or when the person
//   using the app cancels the request" on a thread of the system's choosing: a closure literal formed in
//   `@MainActor` code inherits the main actor's isolation, and Swift 6 traps when the system calls it off
//   the main thread. The type is reproduced exactly so the gate sees what Xcode's compiler sees.
// - …/aswebauthenticationsession/init(url:callbackurlscheme:completionhandler:)-7fpox: `init(url URL: URL,
//   callbackURLScheme: String?, completionHandler: @escaping ASWebAuthenticationSession.CompletionHandler)`,
//   "The custom URL scheme that the app requires in the callback URL"; iOS 12, macOS 10.15, tvOS 16,
//   watchOS 6.2, visionOS 1. Deprecated with `API_TO_BE_DEPRECATED` ("Use initWithURL:callback:
//   completionHandler: instead"), which Swift imports as `deprecated: 100000` and the pages render as
//   "deprecated in" the current SDK's version (18.4 in one snapshot, 27.0 in another).
// - …/aswebauthenticationsession/init(url:callback:completionhandler:)-6nut7: `init(url URL: URL,
//   callback: ASWebAuthenticationSession.Callback, completionHandler: @escaping
//   ASWebAuthenticationSession.CompletionHandler)`; iOS 17.4, macOS 14.4, tvOS 17.4, watchOS 10.4,
//   visionOS 1.1.
// - …/aswebauthenticationsession/callback: `class Callback` (`AS_SWIFT_SENDABLE`: `Sendable`), `init()`
//   unavailable; …/callback/customscheme(_:) `class func customScheme(_ customScheme: String) -> Self`;
//   …/callback/https(host:path:) `class func https(host: String, path: String) -> Self` ("The host must be
//   a member of a domain associated with the app"); …/callback/matchesurl(_:); same availability as the
//   initializer above.
// - …/aswebauthenticationsession/presentationcontextprovider (`weak`, iOS 13, macOS 10.15),
//   …/prefersephemeralwebbrowsersession (iOS 13, macOS 10.15, watchOS 6.2), …/additionalheaderfields
//   (`var additionalHeaderFields: [String : String]?`, iOS 17.4, macOS 14.4), …/canstart (`var canStart:
//   Bool { get }`, iOS 13.4, macOS 10.15.4), …/start() (`func start() -> Bool`), …/cancel()
// - https://developer.apple.com/documentation/authenticationservices/aswebauthenticationpresentationcontextproviding:
//   `@MainActor protocol ASWebAuthenticationPresentationContextProviding : NSObjectProtocol` (iOS 13,
//   macOS 10.15, visionOS 1), `func presentationAnchor(for session: ASWebAuthenticationSession) ->
//   ASPresentationAnchor` (required)
// - https://developer.apple.com/documentation/authenticationservices/aswebauthenticationsessionerror and
//   …/aswebauthenticationsessionerror/code: `canceledLogin` 1, `presentationContextNotProvided` 2 and
//   `presentationContextInvalid` 3 (iOS 13, macOS 10.15); the domain is
//   `com.apple.AuthenticationServices.WebAuthenticationSession`.
//
// Conventions: see AuthenticationServices.swift.

import Foundation

/// An interface the session uses to ask a delegate for a presentation context.
@available(iOS 13.0, macOS 10.15, visionOS 1.0, *)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
@MainActor public protocol ASWebAuthenticationPresentationContextProviding: NSObjectProtocol {
    /// Tells the delegate from which window it should present content to the user.
    func presentationAnchor(for session: ASWebAuthenticationSession) -> ASPresentationAnchor
}

/// A session that an app uses to authenticate a user through a web service.
@available(iOS 12.0, macOS 10.15, tvOS 16.0, watchOS 6.2, visionOS 1.0, *)
open class ASWebAuthenticationSession: NSObject {
    /// A completion handler for the web authentication session.
    public typealias CompletionHandler = (URL?, (any Error)?) -> Void

    /// An object for evaluating navigation events in an authentication session.
    @available(iOS 17.4, macOS 14.4, tvOS 17.4, watchOS 10.4, visionOS 1.1, *)
    open class Callback: NSObject, @unchecked Sendable {
        @available(*, unavailable)
        public override init() {
            fatalError("stub")
        }

        /// Creates a callback object that matches against URLs with the given custom scheme.
        open class func customScheme(_ customScheme: String) -> Self {
            fatalError("stub")
        }

        /// Creates a callback object that matches against HTTPS URLs with the given host and path.
        open class func https(host: String, path: String) -> Self {
            fatalError("stub")
        }

        /// Checks whether a given URL matches the callback object.
        open func matchesURL(_ url: URL) -> Bool {
            fatalError("stub")
        }
    }

    @available(*, unavailable)
    public override init() {
        fatalError("stub")
    }

    /// Creates a web authentication session instance.
    @available(
        iOS, introduced: 12.0, deprecated: 100000, message: "Use initWithURL:callback:completionHandler: instead"
    )
    @available(
        macOS, introduced: 10.15, deprecated: 100000, message: "Use initWithURL:callback:completionHandler: instead"
    )
    @available(
        tvOS, introduced: 16.0, deprecated: 100000, message: "Use initWithURL:callback:completionHandler: instead"
    )
    @available(
        watchOS, introduced: 6.2, deprecated: 100000, message: "Use initWithURL:callback:completionHandler: instead"
    )
    @available(
        visionOS, introduced: 1.0, deprecated: 100000, message: "Use initWithURL:callback:completionHandler: instead"
    )
    public init(
        url URL: URL, callbackURLScheme: String?,
        completionHandler: @escaping ASWebAuthenticationSession.CompletionHandler
    ) {
        super.init()
    }

    /// Creates a web authentication session instance that uses a callback to evaluate a redirection URL.
    @available(iOS 17.4, macOS 14.4, tvOS 17.4, watchOS 10.4, visionOS 1.1, *)
    public init(
        url URL: URL, callback: ASWebAuthenticationSession.Callback,
        completionHandler: @escaping ASWebAuthenticationSession.CompletionHandler
    ) {
        super.init()
    }

    /// A delegate that provides a display context in which the system can present an authentication session
    /// to the user.
    @available(iOS 13.0, macOS 10.15, visionOS 1.0, *)
    @available(tvOS, unavailable)
    @available(watchOS, unavailable)
    open weak var presentationContextProvider: (any ASWebAuthenticationPresentationContextProviding)?

    /// Whether the session should ask the browser for a private authentication session.
    @available(iOS 13.0, macOS 10.15, watchOS 6.2, visionOS 1.0, *)
    open var prefersEphemeralWebBrowserSession: Bool {
        get { fatalError("stub") }
        set {}
    }

    /// Any additional header fields to set when loading the initial URL.
    @available(iOS 17.4, macOS 14.4, tvOS 17.4, watchOS 10.4, visionOS 1.1, *)
    open var additionalHeaderFields: [String: String]? {
        get { fatalError("stub") }
        set {}
    }

    /// A Boolean indicating whether the session can begin.
    @available(iOS 13.4, macOS 10.15.4, tvOS 13.4, watchOS 6.2, visionOS 1.0, *)
    open var canStart: Bool { fatalError("stub") }

    /// Starts a web authentication session; whether it started successfully.
    open func start() -> Bool {
        fatalError("stub")
    }

    /// Cancels a web authentication session.
    open func cancel() {}
}

/// Errors that a web authentication session can generate.
@available(iOS 12.0, macOS 10.15, tvOS 16.0, watchOS 6.2, visionOS 1.0, *)
public struct ASWebAuthenticationSessionError: _BridgedStoredNSError, CustomNSError, Hashable {
    public let _nsError: NSError

    public init(_nsError: NSError) {
        self._nsError = _nsError
    }

    /// The error domain for a web authentication session.
    public static var errorDomain: String { "com.apple.AuthenticationServices.WebAuthenticationSession" }
    public static var _nsErrorDomain: String { errorDomain }

    /// The error code for a web authentication session error.
    public enum Code: Int, _ErrorCodeProtocol, @unchecked Sendable, Equatable, Hashable {
        public typealias _ErrorType = ASWebAuthenticationSessionError

        /// The login has been canceled.
        case canceledLogin = 1
        /// A context wasn't provided.
        @available(iOS 13.0, macOS 10.15, *)
        case presentationContextNotProvided = 2
        /// The context was invalid.
        @available(iOS 13.0, macOS 10.15, *)
        case presentationContextInvalid = 3
    }

    public static var canceledLogin: Code { .canceledLogin }
    @available(iOS 13.0, macOS 10.15, *)
    public static var presentationContextNotProvided: Code { .presentationContextNotProvided }
    @available(iOS 13.0, macOS 10.15, *)
    public static var presentationContextInvalid: Code { .presentationContextInvalid }
}

/// The error domain for a web authentication session.
@available(iOS 12.0, macOS 10.15, tvOS 16.0, watchOS 6.2, visionOS 1.0, *)
public let ASWebAuthenticationSessionErrorDomain = "com.apple.AuthenticationServices.WebAuthenticationSession"
