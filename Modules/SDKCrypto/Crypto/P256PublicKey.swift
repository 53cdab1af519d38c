import Foundation

/// A validated NIST P-256 public key: verifies ES256 signatures and is the peer of an ECDH
/// agreement.
///
/// Construction proves the point lies on the curve and in the prime-order group, so an invalid
/// curve attack cannot reach ``P256PrivateKey/sharedSecret(with:)``. Two keys are equal when their
/// points are.
package struct P256PublicKey: Sendable, Hashable {
    /// The 65-byte uncompressed point `0x04‖x‖y` (SEC 1 / X9.63).
    package let x963Representation: Data
    let key: Backend

    /// Parses and validates an uncompressed point.
    ///
    /// - Throws: ``CryptoError/invalidPoint`` unless the input is 65 bytes starting with `0x04` and
    ///   the point is on P-256; compressed points are not accepted.
    package init(x963Representation: some DataProtocol) throws(CryptoError) {
        let point = Data(x963Representation)
        guard point.count == 65, point.first == 0x04 else { throw .invalidPoint }
        self.key = try Backend(validating: point)
        self.x963Representation = point
    }

    /// The big-endian affine x coordinate, 32 bytes.
    package var x: Data { Data(x963Representation.dropFirst().prefix(32)) }

    /// The big-endian affine y coordinate, 32 bytes.
    package var y: Data { Data(x963Representation.suffix(32)) }

    /// Whether `rawSignature` (64-byte `r‖s`, as in JWS ES256) is a valid ECDSA signature over
    /// SHA-256(`message`) by this key. Malformed signatures are `false`, never an error.
    package func isValidSignature(_ rawSignature: some DataProtocol, for message: some DataProtocol) -> Bool {
        guard let signature = try? P256Signature(rawRepresentation: rawSignature) else { return false }
        return isValidSignature(signature, for: message)
    }

    /// Whether `signature` is a valid ECDSA signature over SHA-256(`message`) by this key.
    ///
    /// For a passkey assertion, parse the authenticator's DER with
    /// ``P256Signature/init(derRepresentation:)`` first.
    package func isValidSignature(_ signature: P256Signature, for message: some DataProtocol) -> Bool {
        key.isValidSignature(signature, for: message)
    }

    /// Whether both keys are the same point.
    package static func == (lhs: P256PublicKey, rhs: P256PublicKey) -> Bool {
        lhs.x963Representation == rhs.x963Representation
    }

    /// Hashes the point.
    package func hash(into hasher: inout Hasher) {
        hasher.combine(x963Representation)
    }
}
