import ErrorCore
import Foundation
import SDKCrypto

// The backend's sealing key, and the store that pins or fetches it once.

// MARK: - SealingKey

/// The server's sealing public key and the id sealed bodies name it by.
struct SealingKey: Sendable, Equatable {
    /// The one algorithm the contract defines.
    static let algorithm = "ECDH-ES+A256GCM"

    /// The key id echoed as `kid`.
    let keyID: String
    /// The server's P-256 public key.
    let publicKey: P256PublicKey

    /// A key from its parts.
    init(keyID: String, publicKey: P256PublicKey) {
        self.keyID = keyID
        self.publicKey = publicKey
    }

    /// The pinned `sealing_key` of `Palbase-Info.plist`: base64url of the 65-byte uncompressed point.
    ///
    /// The plist carries no key id, so it is derived the way Palbase servers derive it: `k_` and the
    /// first 8 bytes of SHA-256(point) in lowercase hex.
    init(pinned text: String) throws(SealingUnavailable) {
        guard let point = Base64URL.decode(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw SealingUnavailable("the pinned sealing_key is not base64url")
        }
        guard let key = try? P256PublicKey(x963Representation: point) else {
            throw SealingUnavailable("the pinned sealing_key is not a P-256 public point")
        }
        self.init(keyID: Self.derivedKeyID(point), publicKey: key)
    }

    /// The body of `GET /.well-known/palbase-sealing-key`:
    /// `{"kid": "…", "alg": "ECDH-ES+A256GCM", "public_key": "<base64url point>"}`.
    init(document: Data) throws(SealingUnavailable) {
        guard let object = (try? AnyCodableValue(parsingJSON: document))?.objectValue else {
            throw SealingUnavailable("the sealing key document is not a JSON object")
        }
        guard object["alg"]?.stringValue == Self.algorithm else {
            throw SealingUnavailable("the sealing key document names an unsupported algorithm")
        }
        guard let keyID = object["kid"]?.stringValue?.nonBlank else {
            throw SealingUnavailable("the sealing key document has no kid")
        }
        guard let text = object["public_key"]?.stringValue, let point = Base64URL.decode(text),
            let key = try? P256PublicKey(x963Representation: point)
        else { throw SealingUnavailable("the sealing key document's public_key is not a P-256 point") }
        self.init(keyID: keyID, publicKey: key)
    }

    /// `k_` + the first 8 bytes of SHA-256(`point`), lowercase hex.
    static func derivedKeyID(_ point: Data) -> String {
        "k_"
            + SHA256.hash(point).prefix(8).map { byte in
                let hex = String(byte, radix: 16)
                return byte < 0x10 ? "0" + hex : hex
            }.joined()
    }
}

/// Why a body that must be sealed cannot be: it is never sent.
struct SealingUnavailable: Error, Sendable, CustomStringConvertible {
    /// What is missing or wrong; never key material.
    let reason: String
    /// The error behind it (a transport failure fetching the key), when there is one.
    let underlying: (any Error)?

    init(_ reason: String, underlying: (any Error)? = nil) {
        self.reason = reason
        self.underlying = underlying
    }

    var description: String { reason }
}

// MARK: - SealingKeyStore

/// Where a client gets the sealing key: the pinned one, or the server's, fetched once and cached.
///
/// Concurrent first uses share one fetch. A failed fetch is not cached, so the next sealed request
/// tries again.
actor SealingKeyStore {
    private let pinned: String?
    private var cached: SealingKey?
    private var inFlight: Task<SealingKey, any Error>?

    /// A store for the configuration's pinned key (base64url), or none.
    init(pinned: String?) {
        self.pinned = pinned?.nonBlank
    }

    /// The key to seal to; `fetch` runs only when nothing is pinned and nothing is cached yet.
    func key(fetch: @escaping @Sendable () async throws -> SealingKey) async throws(SealingUnavailable) -> SealingKey {
        if let cached { return cached }
        if let pinned {
            let key = try SealingKey(pinned: pinned)
            cached = key
            return key
        }
        let task = inFlight ?? Task { try await fetch() }
        inFlight = task
        do {
            let key = try await task.value
            cached = key
            inFlight = nil
            return key
        } catch let error as SealingUnavailable {
            inFlight = nil
            throw error
        } catch {
            inFlight = nil
            throw SealingUnavailable("the sealing key could not be fetched", underlying: error)
        }
    }
}
