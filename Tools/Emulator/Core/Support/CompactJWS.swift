import ErrorCore
import Foundation
import SDKCrypto

/// A compact JWS (RFC 7515 §7.1) whose header and payload are JSON objects, as DPoP proofs and ID tokens
/// travel: read by ``init(_:maximumLength:)``, checked against an ES256 key by ``isSigned(by:)``, and made by
/// ``es256(header:claims:key:)``.
///
/// Parsing proves only the shape; what the header and claims must say is the caller's to check.
package struct CompactJWS: Sendable {
    /// Why a token is not a compact JWS of two JSON objects; each case's `reason` names the part.
    package enum Failure: Error, Equatable {
        case tooLong
        case notCompact
        case header
        case claims
        case signatureEncoding

        package var reason: String {
            switch self {
            case .tooLong: "the token is too long"
            case .notCompact: "not a compact JWS"
            case .header: "the header is not base64url JSON"
            case .claims: "the claims are not base64url JSON"
            case .signatureEncoding: "the signature is not base64url"
            }
        }
    }

    package let header: [String: AnyCodableValue]
    package let claims: [String: AnyCodableValue]
    /// `BASE64URL(header) "." BASE64URL(payload)`, the bytes the signature covers.
    package let signingInput: Data
    package let signature: Data

    /// Splits `token` into its three parts; refuses a token over `maximumLength` bytes before any decoding.
    package init(_ token: String, maximumLength: Int) throws(Failure) {
        guard token.utf8.count <= maximumLength else { throw .tooLong }
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 else { throw .notCompact }
        guard let headerBytes = Base64URL.decode(String(parts[0])),
            case .object(let header)? = SampleJSON.parse(headerBytes)
        else { throw .header }
        guard let claimBytes = Base64URL.decode(String(parts[1])),
            case .object(let claims)? = SampleJSON.parse(claimBytes)
        else { throw .claims }
        guard let signature = Base64URL.decode(String(parts[2])) else { throw .signatureEncoding }
        self.header = header
        self.claims = claims
        signingInput = Data("\(parts[0]).\(parts[1])".utf8)
        self.signature = signature
    }

    /// Whether the signature is `key`'s ES256 signature (64-byte `r‖s`) over the signing input.
    package func isSigned(by key: P256PublicKey) -> Bool {
        key.isValidSignature(signature, for: signingInput)
    }

    /// A compact JWS of `header` and `claims` (compact JSON, keys sorted) signed ES256 with `key`.
    package static func es256(
        header: [String: AnyCodableValue], claims: [String: AnyCodableValue], key: P256PrivateKey
    ) throws
        -> String
    {
        let input =
            Base64URL.encode(AnyCodableValue.object(header).jsonData) + "."
            + Base64URL.encode(AnyCodableValue.object(claims).jsonData)
        return input + "." + Base64URL.encode(try key.signature(for: Data(input.utf8)))
    }
}
