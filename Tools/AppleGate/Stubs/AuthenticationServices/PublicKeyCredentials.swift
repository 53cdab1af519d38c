// Passkeys: the platform (iCloud Keychain) public-key credential provider, its requests and credentials.
//
// Availability of every class here: iOS 15, macOS 12, tvOS 16, visionOS 1; not watchOS. In the iOS 18 /
// macOS 15 SDK their headers are audited for sendability and none is marked `AS_SWIFT_SENDABLE`, so none is
// `Sendable` (the pages generated from the iOS 26 SDK list `Sendable` for the provider and the credentials;
// code that compiles against these stubs compiles against both). `init()`/`new` of the provider and of
// both credentials are `NS_UNAVAILABLE`.
// - https://developer.apple.com/documentation/authenticationservices/asauthorizationplatformpublickeycredentialprovider:
//   …/init(relyingpartyidentifier:), …/relyingpartyidentifier (`var relyingPartyIdentifier: String
//   { get }`), …/createcredentialregistrationrequest(challenge:name:userid:) `func
//   createCredentialRegistrationRequest(challenge: Data, name: String, userID: Data) ->
//   ASAuthorizationPlatformPublicKeyCredentialRegistrationRequest`,
//   …/createcredentialassertionrequest(challenge:) `func createCredentialAssertionRequest(challenge: Data)
//   -> ASAuthorizationPlatformPublicKeyCredentialAssertionRequest`
// - https://developer.apple.com/documentation/authenticationservices/asauthorizationpublickeycredentialregistrationrequest:
//   `protocol … : NSCopying, NSSecureCoding, NSObjectProtocol`: `relyingPartyIdentifier` (get), `userID`,
//   `name`, `displayName: String?`, `challenge`, `userVerificationPreference`, `attestationPreference`
//   (get set)
// - https://developer.apple.com/documentation/authenticationservices/asauthorizationpublickeycredentialassertionrequest:
//   `challenge`, `relyingPartyIdentifier`, `userVerificationPreference` (get set)
// - https://developer.apple.com/documentation/authenticationservices/aspublickeycredential (`protocol
//   ASPublicKeyCredential : ASAuthorizationCredential`: `rawClientDataJSON: Data`, `credentialID: Data`),
//   …/asauthorizationpublickeycredentialregistration (`rawAttestationObject: Data?`),
//   …/asauthorizationpublickeycredentialassertion (`var rawAuthenticatorData: Data! { get }`, `var userID:
//   Data! { get }`, `var signature: Data! { get }`)
// - …/asauthorizationplatformpublickeycredentialregistrationrequest, …/assertionrequest,
//   …/asauthorizationplatformpublickeycredentialregistration, …/asauthorizationplatformpublickeycredentialassertion
// - https://developer.apple.com/documentation/authenticationservices/asauthorizationpublickeycredentialuserverificationpreference
//   (`struct`, `init(_:)`, `init(rawValue:)`, `.preferred`, `.required`, `.discouraged`) and
//   …/asauthorizationpublickeycredentialattestationkind (`.none`, `.direct`, `.indirect`, `.enterprise`):
//   `NS_TYPED_EXTENSIBLE_ENUM`s of `NSString`. Apple's pages give no raw values; the values here are the
//   WebAuthn strings the framework's constants hold (read out of AuthenticationServices.framework).
//
// Conventions: see AuthenticationServices.swift.

import Foundation

/// A structure that defines the relying party's user verification preference.
@available(iOS 15.0, macOS 12.0, tvOS 16.0, visionOS 1.0, *)
@available(watchOS, unavailable)
public struct ASAuthorizationPublicKeyCredentialUserVerificationPreference: RawRepresentable, Hashable, Sendable {
    public let rawValue: String

    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The relying party prefers user verification, if possible.
    public static let preferred = Self("preferred")
    /// The relying party requires user verification.
    public static let required = Self("required")
    /// The relying party discourages user verification.
    public static let discouraged = Self("discouraged")
}

/// The kinds of attestation a relying party can request.
@available(iOS 15.0, macOS 12.0, tvOS 16.0, visionOS 1.0, *)
@available(watchOS, unavailable)
public struct ASAuthorizationPublicKeyCredentialAttestationKind: RawRepresentable, Hashable, Sendable {
    public let rawValue: String

    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public static let none = Self("none")
    public static let direct = Self("direct")
    public static let indirect = Self("indirect")
    public static let enterprise = Self("enterprise")
}

/// An interface that defines properties for a credential registration request.
@available(iOS 15.0, macOS 12.0, tvOS 16.0, visionOS 1.0, *)
@available(watchOS, unavailable)
public protocol ASAuthorizationPublicKeyCredentialRegistrationRequest: NSCopying, NSSecureCoding, NSObjectProtocol {
    var relyingPartyIdentifier: String { get }
    var userID: Data { get set }
    var name: String { get set }
    var displayName: String? { get set }
    var challenge: Data { get set }
    var userVerificationPreference: ASAuthorizationPublicKeyCredentialUserVerificationPreference { get set }
    var attestationPreference: ASAuthorizationPublicKeyCredentialAttestationKind { get set }
}

/// An interface that defines properties for an assertion request.
@available(iOS 15.0, macOS 12.0, tvOS 16.0, visionOS 1.0, *)
@available(watchOS, unavailable)
public protocol ASAuthorizationPublicKeyCredentialAssertionRequest: NSCopying, NSSecureCoding, NSObjectProtocol {
    var challenge: Data { get set }
    var relyingPartyIdentifier: String { get set }
    var userVerificationPreference: ASAuthorizationPublicKeyCredentialUserVerificationPreference { get set }
}

/// A public key credential.
@available(iOS 15.0, macOS 12.0, tvOS 16.0, visionOS 1.0, *)
@available(watchOS, unavailable)
public protocol ASPublicKeyCredential: ASAuthorizationCredential {
    /// The JSON-encoded client data the authenticator signed.
    var rawClientDataJSON: Data { get }
    /// The credential's identifier.
    var credentialID: Data { get }
}

/// An interface that credential registrations adhere to.
@available(iOS 15.0, macOS 12.0, tvOS 16.0, visionOS 1.0, *)
@available(watchOS, unavailable)
public protocol ASAuthorizationPublicKeyCredentialRegistration: ASPublicKeyCredential {
    /// The attestation object the authenticator returned, if any.
    var rawAttestationObject: Data? { get }
}

/// An interface for establishing a public key-based assertion.
@available(iOS 15.0, macOS 12.0, tvOS 16.0, visionOS 1.0, *)
@available(watchOS, unavailable)
public protocol ASAuthorizationPublicKeyCredentialAssertion: ASPublicKeyCredential {
    /// A byte sequence that contains additional information about the credential.
    var rawAuthenticatorData: Data! { get }
    /// A user identifier for the assertion.
    var userID: Data! { get }
    /// The signature for the assertion.
    var signature: Data! { get }
}

/// A mechanism for providing public key credential requests to an app or service with iCloud Keychain.
@available(iOS 15.0, macOS 12.0, tvOS 16.0, visionOS 1.0, *)
@available(watchOS, unavailable)
open class ASAuthorizationPlatformPublicKeyCredentialProvider: NSObject, ASAuthorizationProvider {
    @available(*, unavailable)
    public override init() {
        fatalError("stub")
    }

    /// Creates the object with a relying party identifier.
    public init(relyingPartyIdentifier: String) {
        super.init()
    }

    /// The domain name of the service to register or authorize against.
    open var relyingPartyIdentifier: String { fatalError("stub") }

    /// Creates a registration request with a challenge, name, and user ID.
    open func createCredentialRegistrationRequest(
        challenge: Data, name: String, userID: Data
    ) -> ASAuthorizationPlatformPublicKeyCredentialRegistrationRequest {
        fatalError("stub")
    }

    /// Creates an assertion request with a challenge.
    open func createCredentialAssertionRequest(
        challenge: Data
    ) -> ASAuthorizationPlatformPublicKeyCredentialAssertionRequest {
        fatalError("stub")
    }
}

/// The object for registering a new platform public key credential.
@available(iOS 15.0, macOS 12.0, tvOS 16.0, visionOS 1.0, *)
@available(watchOS, unavailable)
open class ASAuthorizationPlatformPublicKeyCredentialRegistrationRequest: ASAuthorizationRequest,
    ASAuthorizationPublicKeyCredentialRegistrationRequest
{
    open var relyingPartyIdentifier: String { fatalError("stub") }
    open var userID: Data {
        get { fatalError("stub") }
        set {}
    }
    open var name: String {
        get { fatalError("stub") }
        set {}
    }
    open var displayName: String? {
        get { fatalError("stub") }
        set {}
    }
    open var challenge: Data {
        get { fatalError("stub") }
        set {}
    }
    open var userVerificationPreference: ASAuthorizationPublicKeyCredentialUserVerificationPreference {
        get { fatalError("stub") }
        set {}
    }
    open var attestationPreference: ASAuthorizationPublicKeyCredentialAttestationKind {
        get { fatalError("stub") }
        set {}
    }
}

/// An object that represents a request to assert a platform public key credential.
@available(iOS 15.0, macOS 12.0, tvOS 16.0, visionOS 1.0, *)
@available(watchOS, unavailable)
open class ASAuthorizationPlatformPublicKeyCredentialAssertionRequest: ASAuthorizationRequest,
    ASAuthorizationPublicKeyCredentialAssertionRequest
{
    open var challenge: Data {
        get { fatalError("stub") }
        set {}
    }
    open var relyingPartyIdentifier: String {
        get { fatalError("stub") }
        set {}
    }
    open var userVerificationPreference: ASAuthorizationPublicKeyCredentialUserVerificationPreference {
        get { fatalError("stub") }
        set {}
    }
}

/// A newly created platform credential that results from a credential registration request.
@available(iOS 15.0, macOS 12.0, tvOS 16.0, visionOS 1.0, *)
@available(watchOS, unavailable)
open class ASAuthorizationPlatformPublicKeyCredentialRegistration: NSObject,
    ASAuthorizationPublicKeyCredentialRegistration
{
    @available(*, unavailable)
    public override init() {
        fatalError("stub")
    }

    public required init?(coder: NSCoder) {
        fatalError("stub")
    }

    open var rawClientDataJSON: Data { fatalError("stub") }
    open var credentialID: Data { fatalError("stub") }
    open var rawAttestationObject: Data? { fatalError("stub") }

    open func encode(with coder: NSCoder) {}

    open func copy(with zone: NSZone? = nil) -> Any {
        self
    }

    open class var supportsSecureCoding: Bool { true }
}

/// An assertion that a platform public key credential produced.
@available(iOS 15.0, macOS 12.0, tvOS 16.0, visionOS 1.0, *)
@available(watchOS, unavailable)
open class ASAuthorizationPlatformPublicKeyCredentialAssertion: NSObject,
    ASAuthorizationPublicKeyCredentialAssertion
{
    @available(*, unavailable)
    public override init() {
        fatalError("stub")
    }

    public required init?(coder: NSCoder) {
        fatalError("stub")
    }

    open var rawClientDataJSON: Data { fatalError("stub") }
    open var credentialID: Data { fatalError("stub") }
    open var rawAuthenticatorData: Data! { fatalError("stub") }
    open var userID: Data! { fatalError("stub") }
    open var signature: Data! { fatalError("stub") }

    open func encode(with coder: NSCoder) {}

    open func copy(with zone: NSZone? = nil) -> Any {
        self
    }

    open class var supportsSecureCoding: Bool { true }
}
