// Sign in with Apple: the Apple ID provider, its OpenID request and credential.
//
// Availability of everything here: iOS 13, macOS 10.15, tvOS 13, watchOS 6, visionOS 1. None of the
// classes is `@MainActor` or `Sendable`.
// - https://developer.apple.com/documentation/authenticationservices/asauthorizationappleidprovider:
//   `class ASAuthorizationAppleIDProvider` (created with `ASAuthorizationAppleIDProvider()`),
//   `func createRequest() -> ASAuthorizationAppleIDRequest`,
//   …/getcredentialstate(foruserid:completion:) `func getCredentialState(forUserID userID: String,
//   completion: @escaping @Sendable (ASAuthorizationAppleIDProvider.CredentialState, (any Error)?) -> Void)`
//   and its `async throws` form; …/credentialstate (`revoked` 0, `authorized` 1, `notFound` 2)
// - https://developer.apple.com/documentation/authenticationservices/asauthorizationopenidrequest:
//   `var requestedScopes: [ASAuthorization.Scope]? { get set }`, `var state: String? { get set }`,
//   `var nonce: String? { get set }`, `var requestedOperation: ASAuthorization.OpenIDOperation { get set }`
// - https://developer.apple.com/documentation/authenticationservices/asauthorizationappleidrequest:
//   `class ASAuthorizationAppleIDRequest : ASAuthorizationOpenIDRequest`, `var user: String? { get set }`
// - https://developer.apple.com/documentation/authenticationservices/asauthorizationappleidcredential:
//   `var user: String`, `var state: String?`, `var authorizedScopes: [ASAuthorization.Scope]`,
//   `var authorizationCode: Data?`, `var identityToken: Data?`, `var email: String?`,
//   `var fullName: PersonNameComponents?`, `var realUserStatus: ASUserDetectionStatus` (all `{ get }`);
//   `init()` `NS_UNAVAILABLE`. …/asuserdetectionstatus: `unsupported` 0, `unknown` 1, `likelyReal` 2.
// - https://developer.apple.com/documentation/authenticationservices/asauthorization/scope (`.fullName`,
//   `.email`) and …/asauthorization/openidoperation (`static let operationImplicit`, `operationLogin`,
//   `operationRefresh`, `operationLogout`; `init(_:)`, `init(rawValue:)`): `NS_TYPED_EXTENSIBLE_ENUM`s of
//   `NSString`. Apple's pages give no raw values; the values here are the framework's constants ("full_name",
//   "email", "implicit", "login", "refresh", "logout", read out of AuthenticationServices.framework).
//
// Conventions: see AuthenticationServices.swift.

import Foundation

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
extension ASAuthorization {
    /// The kinds of contact information that can be requested from the user.
    public struct Scope: RawRepresentable, Hashable, Sendable {
        public let rawValue: String

        public init(_ rawValue: String) {
            self.rawValue = rawValue
        }

        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// A scope that includes the user's full name.
        public static let fullName = Scope("full_name")
        /// A scope that includes the user's email address.
        public static let email = Scope("email")
    }

    /// The kinds of operations that you can perform with OpenID authentication.
    public struct OpenIDOperation: RawRepresentable, Hashable, Sendable {
        public let rawValue: String

        public init(_ rawValue: String) {
            self.rawValue = rawValue
        }

        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// An operation that depends on the particular kind of credential provider.
        public static let operationImplicit = OpenIDOperation("implicit")
        /// An operation used to authenticate a user.
        public static let operationLogin = OpenIDOperation("login")
        /// An operation that refreshes the logged-in user's credentials.
        public static let operationRefresh = OpenIDOperation("refresh")
        /// An operation that ends an authenticated session.
        public static let operationLogout = OpenIDOperation("logout")
    }
}

/// Possible values for the real user indicator.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
public enum ASUserDetectionStatus: Int, Sendable {
    case unsupported = 0
    case unknown = 1
    case likelyReal = 2
}

/// An OpenID authorization request.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
open class ASAuthorizationOpenIDRequest: ASAuthorizationRequest {
    /// The contact information to be requested from the user during authentication.
    open var requestedScopes: [ASAuthorization.Scope]? {
        get { fatalError("stub") }
        set {}
    }

    /// A string your app provides, returned in the credential.
    open var state: String? {
        get { fatalError("stub") }
        set {}
    }

    /// A string your app provides, embedded in the identity token.
    open var nonce: String? {
        get { fatalError("stub") }
        set {}
    }

    /// The OpenID authentication operation you want this request to perform.
    open var requestedOperation: ASAuthorization.OpenIDOperation {
        get { fatalError("stub") }
        set {}
    }
}

/// A request to authenticate users based on their Apple ID.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
open class ASAuthorizationAppleIDRequest: ASAuthorizationOpenIDRequest {
    /// The user identifier a previous authorization returned.
    open var user: String? {
        get { fatalError("stub") }
        set {}
    }
}

/// A mechanism for generating requests to authenticate users based on their Apple ID.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
open class ASAuthorizationAppleIDProvider: NSObject, ASAuthorizationProvider {
    /// Possible values for the credential state of a user.
    public enum CredentialState: Int, Sendable {
        case revoked = 0
        case authorized = 1
        case notFound = 2
    }

    public override init() {
        super.init()
    }

    /// Creates a new Apple ID authorization request.
    open func createRequest() -> ASAuthorizationAppleIDRequest {
        fatalError("stub")
    }

    /// Returns the credential state for the given user in a completion handler.
    open func getCredentialState(
        forUserID userID: String,
        completion: @escaping @Sendable (ASAuthorizationAppleIDProvider.CredentialState, (any Error)?) -> Void
    ) {}

    /// Returns the credential state for the given user.
    open func credentialState(forUserID userID: String) async throws -> ASAuthorizationAppleIDProvider.CredentialState {
        fatalError("stub")
    }
}

/// A credential that results from a successful Apple ID authentication.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
open class ASAuthorizationAppleIDCredential: NSObject, ASAuthorizationCredential {
    @available(*, unavailable)
    public override init() {
        fatalError("stub")
    }

    public required init?(coder: NSCoder) {
        fatalError("stub")
    }

    /// An identifier associated with the authenticated user.
    open var user: String { fatalError("stub") }
    /// An arbitrary string that your app provided to the request that generated the credential.
    open var state: String? { fatalError("stub") }
    /// The contact information the user authorized your app to access.
    open var authorizedScopes: [ASAuthorization.Scope] { fatalError("stub") }
    /// A short-lived token used by your app for proof of authorization when interacting with its server.
    open var authorizationCode: Data? { fatalError("stub") }
    /// A JSON Web Token (JWT) that securely communicates information about the user to your app.
    open var identityToken: Data? { fatalError("stub") }
    /// The user's email address.
    open var email: String? { fatalError("stub") }
    /// The user's name.
    open var fullName: PersonNameComponents? { fatalError("stub") }
    /// A value that indicates whether the user appears to be a real person.
    open var realUserStatus: ASUserDetectionStatus { fatalError("stub") }

    open func encode(with coder: NSCoder) {}

    open func copy(with zone: NSZone? = nil) -> Any {
        self
    }

    open class var supportsSecureCoding: Bool { true }
}
