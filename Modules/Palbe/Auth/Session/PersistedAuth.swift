import ErrorCore
import Foundation
import SDKCrypto

// The persisted unit (the session, its cached user and the DPoP device key) and the device key itself.

// MARK: - PersistedAuth

/// The persisted unit: the DPoP device key, and the session with its cached user when one exists,
/// written and read as one secure-store item so they can never disagree.
///
/// Stored as JSON through the SDK's snake_case coders, in the lowest format that can hold it:
/// - format 1, a software key: `{"device_key":"<base64 of the 32-byte scalar>","session":{…},"version":1}`;
/// - format 2, a Secure Enclave key: `{"device_key":"<base64 of the enclave's blob>",
///   "device_key_kind":"secure_enclave","session":{…},"version":2}`.
///
/// No `session` when signed out. ``decode(_:)`` refuses anything that is not a whole, valid unit. Every
/// released format is kept in `Specs/palbase/session-units` and restored by a test: the reader of format N
/// restores every earlier one, and a unit of a later format (written by a newer SDK before a downgrade) is
/// refused as ``PersistedAuthError/isNewerFormat`` and left where it is. A format-1 reader meets a format-2
/// unit only after a downgrade, and leaves it alone: it could not open an enclave key anyway.
package struct PersistedAuth: Sendable, Equatable, Codable {
    /// The newest format this SDK reads and writes.
    package static let currentVersion = 2

    /// How the device key is held.
    package enum DeviceKeyKind: String, Sendable, Equatable, Codable {
        /// A software P-256 key: ``PersistedAuth/deviceKey`` is its 32-byte scalar (format 1).
        case software
        /// A Secure Enclave key: ``PersistedAuth/deviceKey`` is the blob only this device's enclave opens
        /// (format 2).
        case secureEnclave = "secure_enclave"
    }

    package var version: Int
    /// The device key's 32-byte private scalar, or the enclave's blob (``deviceKeyKind``).
    package var deviceKey: Data
    /// `nil` (format 1) means ``DeviceKeyKind/software``.
    package var deviceKeyKind: DeviceKeyKind?
    package var session: SignedInSession?

    /// A unit of `deviceKey` and `session`, in the lowest format that holds them.
    package init(deviceKey: DeviceKey, session: SignedInSession?) {
        let stored = deviceKey.stored
        version = stored.kind == .software ? 1 : 2
        self.deviceKey = stored.data
        deviceKeyKind = stored.kind == .software ? nil : stored.kind
        self.session = session
    }

    /// The bytes to store.
    package func encoded() throws -> Data {
        try SDKCoders.snakeCaseEncoder().encode(self)
    }

    /// The unit in `data`; throws ``PersistedAuthError`` for anything else (a later version, a
    /// truncated or altered item, a software key that is not a valid P-256 scalar, an enclave key in a
    /// format-1 unit). An enclave key is not opened here: ``key`` says whether this device can.
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
        switch unit.deviceKeyKind ?? .software {
        case .software:
            guard (try? DeviceKey(rawRepresentation: unit.deviceKey)) != nil else {
                throw PersistedAuthError(reason: "the stored device key is not a P-256 private key")
            }
        case .secureEnclave:
            guard unit.version >= 2, !unit.deviceKey.isEmpty else {
                throw PersistedAuthError(reason: "the stored Secure Enclave key is not in a format-2 unit")
            }
        }
        return unit
    }

    /// The device key it holds, or `nil` when this device cannot use it (an enclave key made on another
    /// device, or after the enclave was reset): the session bound to it cannot prove its key any more.
    package var key: DeviceKey? {
        switch deviceKeyKind ?? .software {
        case .software: try? DeviceKey(rawRepresentation: deviceKey)
        case .secureEnclave: try? DeviceKey(enclaveDataRepresentation: deviceKey)
        }
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
/// On a device with a Secure Enclave the key is made there (``EnclaveP256SigningKey``): its private key never
/// leaves the enclave, and the persisted unit holds only a blob this device alone can open. Elsewhere (the
/// Simulator, Linux, an enclave that refuses) it is a software key whose scalar lives in the secure store.
///
/// Prints and reflects as `<redacted>`: no key material reaches a log or a dump.
package struct DeviceKey: Sendable, CustomStringConvertible, CustomReflectable {
    private enum Held: Sendable {
        case software(P256PrivateKey)
        case enclave(EnclaveP256SigningKey)
    }

    private let key: Held

    /// A fresh key: in the Secure Enclave when the device has one, else a software key from the CSPRNG.
    package init() {
        if EnclaveP256SigningKey.isAvailable, let enclave = try? EnclaveP256SigningKey() {
            key = .enclave(enclave)
        } else {
            key = .software(P256PrivateKey())
        }
    }

    /// The software key ``stored`` exported (its 32-byte scalar).
    package init(rawRepresentation: Data) throws {
        key = .software(try P256PrivateKey(rawRepresentation: rawRepresentation))
    }

    /// The enclave key ``stored`` exported; throws when this device's enclave cannot open it.
    package init(enclaveDataRepresentation: Data) throws {
        key = .enclave(try EnclaveP256SigningKey(dataRepresentation: enclaveDataRepresentation))
    }

    /// What the secure store keeps: the scalar of a software key, the enclave's blob of an enclave key.
    package var stored: (kind: PersistedAuth.DeviceKeyKind, data: Data) {
        switch key {
        case .software(let key): (.software, key.rawRepresentation)
        case .enclave(let key): (.secureEnclave, key.dataRepresentation)
        }
    }

    private var publicKey: P256PublicKey {
        switch key {
        case .software(let key): key.publicKey
        case .enclave(let key): key.publicKey
        }
    }

    /// The RFC 7638 thumbprint the server binds a session to.
    package var thumbprint: String { publicKey.jwkThumbprint }

    /// A fresh proof for `method` on `url`: header `{"typ":"dpop+jwt","alg":"ES256","jwk"}`, claims
    /// `{"jti","htm","htu","iat"}` with `htu` the URL without query or fragment, a `jti` of 128 random
    /// bits and `iat` from `date`. `nil` only if the crypto library (or the enclave) fails.
    package func proof(method: String, url: URL, issuedAt date: Date) -> String? {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return nil }
        components.query = nil
        components.fragment = nil
        guard let htu = components.string else { return nil }
        let jwk = publicKey.jwk
        let header: AnyCodableValue = [
            "typ": "dpop+jwt", "alg": "ES256",
            "jwk": ["kty": .string(jwk.kty), "crv": .string(jwk.crv), "x": .string(jwk.x), "y": .string(jwk.y)],
        ]
        let claims: AnyCodableValue = [
            "jti": .string(Base64URL.encode(SecureRandom.bytes(16))), "htm": .string(method), "htu": .string(htu),
            "iat": .int(Int(date.timeIntervalSince1970.rounded(.down))),
        ]
        let input = Base64URL.encode(header.jsonData) + "." + Base64URL.encode(claims.jsonData)
        let signature: Data?
        switch key {
        case .software(let key): signature = try? key.signature(for: Data(input.utf8))
        case .enclave(let key): signature = try? key.signature(for: Data(input.utf8))
        }
        guard let signature else { return nil }
        return input + "." + Base64URL.encode(signature)
    }

    package var description: String { "DeviceKey(<redacted>)" }
    package var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}
