import COpenSSL
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
    let key: EVPKey

    /// Parses and validates an uncompressed point.
    ///
    /// - Throws: ``CryptoError/invalidPoint`` unless the input is 65 bytes starting with `0x04` and
    ///   the point is on P-256; compressed points are not accepted.
    package init(x963Representation: some DataProtocol) throws(CryptoError) {
        let point = Data(x963Representation)
        guard point.count == 65, point.first == 0x04 else { throw .invalidPoint }
        let key = try point.withContiguousBytes { bytes throws(CryptoError) -> EVPKey in
            var params = [
                OSSL_PARAM_construct_utf8_string(
                    sdk_ossl_pkey_param_group_name(), UnsafeMutablePointer(mutating: sdk_ossl_name_p256()), 0),
                OSSL_PARAM_construct_octet_string(
                    sdk_ossl_pkey_param_pub_key(), UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count),
                OSSL_PARAM_construct_end(),
            ]
            do {
                return try EVPKey.fromData(&params, selection: sdk_evp_pkey_selection_public_key())
            } catch {
                // OpenSSL decodes the point while importing it and refuses points off the curve.
                OpenSSLErrorQueue.clear()
                throw .invalidPoint
            }
        }
        let passesCheck = try key.withContext("EVP_PKEY_public_check") { context in
            EVP_PKEY_public_check(context) == 1
        }
        guard passesCheck else {
            OpenSSLErrorQueue.clear()
            throw .invalidPoint
        }
        self.x963Representation = point
        self.key = key
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
        guard let context = EVP_MD_CTX_new() else { openSSLFatal("EVP_MD_CTX_new") }
        defer { EVP_MD_CTX_free(context) }
        guard EVP_DigestVerifyInit_ex(context, nil, sdk_ossl_name_sha256(), nil, nil, key.pointer, nil) == 1 else {
            OpenSSLErrorQueue.clear()
            return false
        }
        let status = signature.derRepresentation.withContiguousBytes { der in
            message.withContiguousBytes { bytes in
                EVP_DigestVerify(context, der.bytePointer, der.count, bytes.bytePointer, bytes.count)
            }
        }
        guard status == 1 else {
            // A signature that does not verify leaves an entry on the queue; it is an answer, not an error.
            OpenSSLErrorQueue.clear()
            return false
        }
        return true
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
