import ErrorCore
import Foundation
import SDKCrypto

// The persisted unit (the session, its cached user and the DPoP device key) and the device key itself.

// MARK: - PersistedAuth

/// The persisted unit: the DPoP device key, and the session with its cached user when one exists,
/// written and read as one secure-store item so they can never disagree.
///
/// Stored as JSON (`{"device_key":"<base64>","session":{…},"version":1}`, no `session` when signed
/// out) through the SDK's snake_case coders; ``decode(_:)`` refuses anything that is not a whole, valid
/// unit. Every released format is kept in `Specs/palbase/session-units` and restored by a test: the
/// reader of format N restores every earlier one, and a unit of a later format (written by a newer SDK
/// before a downgrade) is refused as ``PersistedAuthError/isNewerFormat`` and left where it is.
package struct PersistedAuth: Sendable, Equatable, Codable {
    /// The layout written today.
    package static let currentVersion = 1

    package var version: Int
    /// The device key's 32-byte private scalar.
    package var deviceKey: Data
    package var session: SignedInSession?

    /// A unit of `deviceKey` and `session`.
    package init(deviceKey: DeviceKey, session: SignedInSession?) {
        version = Self.currentVersion
        self.deviceKey = deviceKey.rawRepresentation
        self.session = session
    }

    /// The bytes to store.
    package func encoded() throws -> Data {
        try SDKCoders.snakeCaseEncoder().encode(self)
    }

    /// The unit in `data`; throws ``PersistedAuthError`` for anything else (another version, a
    /// truncated or altered item, a key that is not a valid P-256 scalar).
    package static func decode(_ data: Data) throws -> PersistedAuth {
        let unit: PersistedAuth
        do {
            unit = try SDKCoders.snakeCaseDecoder().decode(PersistedAuth.self, from: data)
        } catch {
            throw PersistedAuthError(
                reason: "the stored session does not decode (\(CodingErrorDescription.describe(error)))")
        }
        guard unit.version <= currentVersion else {
            throw PersistedAuthError(
                reason: "the stored session was written by a newer SDK (format \(unit.version)); it is left as it is",
                isNewerFormat: true)
        }
        guard unit.version >= 1 else {
            throw PersistedAuthError(reason: "the stored session has format \(unit.version)")
        }
        guard (try? DeviceKey(rawRepresentation: unit.deviceKey)) != nil else {
            throw PersistedAuthError(reason: "the stored device key is not a P-256 private key")
        }
        return unit
    }

    /// The device key it holds (checked valid by ``decode(_:)``).
    package var key: DeviceKey? {
        try? DeviceKey(rawRepresentation: deviceKey)
    }
}

/// A stored item that is not a usable unit.
package struct PersistedAuthError: Error, Sendable, CustomStringConvertible {
    /// What is wrong; never the item's contents.
    package let reason: String
    /// The unit is of a format newer than this SDK reads (a downgrade): it is not deleted.
    package var isNewerFormat = false

    package var description: String { reason }
}

// MARK: - DeviceKey

/// The DPoP device key (RFC 9449): the P-256 key a session is bound to, persisted with it, and the
/// proofs it signs for `/auth/login`, `/auth/signup` and `/auth/token/refresh`.
///
/// Prints and reflects as `<redacted>`: the private scalar never reaches a log or a dump.
package struct DeviceKey: Sendable, CustomStringConvertible, CustomReflectable {
    private let key: P256PrivateKey

    /// A fresh key from the CSPRNG.
    package init() {
        key = P256PrivateKey()
    }

    /// The key ``rawRepresentation`` exported.
    package init(rawRepresentation: Data) throws {
        key = try P256PrivateKey(rawRepresentation: rawRepresentation)
    }

    /// The 32-byte private scalar, for the secure store only.
    package var rawRepresentation: Data { key.rawRepresentation }

    /// The RFC 7638 thumbprint the server binds a session to.
    package var thumbprint: String { key.publicKey.jwkThumbprint }

    /// A fresh proof for `method` on `url`: header `{"typ":"dpop+jwt","alg":"ES256","jwk"}`, claims
    /// `{"jti","htm","htu","iat"}` with `htu` the URL without query or fragment, a `jti` of 128 random
    /// bits and `iat` from `date`. `nil` only if the crypto library fails.
    package func proof(method: String, url: URL, issuedAt date: Date) -> String? {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return nil }
        components.query = nil
        components.fragment = nil
        guard let htu = components.string else { return nil }
        let jwk = key.publicKey.jwk
        let header: AnyCodableValue = [
            "typ": "dpop+jwt", "alg": "ES256",
            "jwk": ["kty": .string(jwk.kty), "crv": .string(jwk.crv), "x": .string(jwk.x), "y": .string(jwk.y)],
        ]
        let claims: AnyCodableValue = [
            "jti": .string(Base64URL.encode(SecureRandom.bytes(16))), "htm": .string(method), "htu": .string(htu),
            "iat": .int(Int(date.timeIntervalSince1970.rounded(.down))),
        ]
        let input = Base64URL.encode(header.jsonData) + "." + Base64URL.encode(claims.jsonData)
        guard let signature = try? key.signature(for: Data(input.utf8)) else { return nil }
        return input + "." + Base64URL.encode(signature)
    }

    package var description: String { "DeviceKey(<redacted>)" }
    package var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}
