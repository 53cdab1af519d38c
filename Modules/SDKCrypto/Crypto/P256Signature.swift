import Foundation

/// An ECDSA P-256 signature, convertible between the two encodings in use.
///
/// JWS (ES256) carries the raw form, `r‖s` as two 32-byte big-endian integers. WebAuthn
/// authenticators and OpenSSL use DER, `SEQUENCE { INTEGER r, INTEGER s }`. Both directions are
/// needed: passkeys deliver DER, JWTs need raw.
package struct P256Signature: Sendable, Hashable {
    /// The 64-byte `r‖s` form.
    package let rawRepresentation: Data

    /// Wraps a 64-byte `r‖s` signature.
    ///
    /// - Throws: ``CryptoError/invalidSignatureEncoding`` unless `rawRepresentation` is 64 bytes.
    package init(rawRepresentation: some DataProtocol) throws(CryptoError) {
        guard rawRepresentation.count == 64 else { throw .invalidSignatureEncoding }
        self.rawRepresentation = Data(rawRepresentation)
    }

    /// Parses a DER `ECDSA-Sig-Value`.
    ///
    /// Only canonical DER is accepted: short-form lengths, minimal non-negative integers of at most
    /// 32 significant bytes, and nothing after the sequence. OpenSSL rejects the same
    /// malleable encodings when it verifies.
    ///
    /// - Throws: ``CryptoError/invalidSignatureEncoding`` for anything else.
    package init(derRepresentation: some DataProtocol) throws(CryptoError) {
        var reader = DERReader(bytes: [UInt8](derRepresentation))
        guard reader.readByte() == 0x30, let length = reader.readShortLength(), length == reader.remaining else {
            throw .invalidSignatureEncoding
        }
        let r = try reader.readUnsignedInteger()
        let s = try reader.readUnsignedInteger()
        guard reader.remaining == 0 else { throw .invalidSignatureEncoding }
        rawRepresentation = Data(Self.leftPadded(r) + Self.leftPadded(s))
    }

    /// The DER `ECDSA-Sig-Value` form, with minimal integer encodings.
    package var derRepresentation: Data {
        let r = Self.derInteger(rawRepresentation.prefix(32))
        let s = Self.derInteger(rawRepresentation.suffix(32))
        // At most 2 × 35 content bytes, so the short length form always applies.
        return Data([0x30, UInt8(r.count + s.count)] + r + s)
    }

    private static func leftPadded(_ magnitude: [UInt8]) -> [UInt8] {
        [UInt8](repeating: 0, count: 32 - magnitude.count) + magnitude
    }

    /// `INTEGER` for an unsigned big-endian magnitude: leading zeros dropped, one zero added back
    /// when the top bit is set so the value stays positive.
    private static func derInteger(_ magnitude: some Collection<UInt8>) -> [UInt8] {
        var content = Array(magnitude.drop { $0 == 0 })
        if content.isEmpty || content[0] & 0x80 != 0 { content.insert(0, at: 0) }
        return [0x02, UInt8(content.count)] + content
    }
}

/// A cursor over the few DER shapes an ECDSA signature uses.
private struct DERReader {
    let bytes: [UInt8]
    var offset = 0

    var remaining: Int { bytes.count - offset }

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func readByte() -> UInt8? {
        guard offset < bytes.count else { return nil }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// A definite length below 128; the long form never occurs in canonical P-256 signatures.
    mutating func readShortLength() -> Int? {
        guard let byte = readByte(), byte < 0x80 else { return nil }
        return Int(byte)
    }

    /// The magnitude of a non-negative `INTEGER`, at most 32 bytes, without its sign byte.
    mutating func readUnsignedInteger() throws(CryptoError) -> [UInt8] {
        guard readByte() == 0x02, let length = readShortLength(), length >= 1, length <= remaining else {
            throw .invalidSignatureEncoding
        }
        let content = Array(bytes[offset..<offset + length])
        offset += length
        guard content[0] & 0x80 == 0 else { throw .invalidSignatureEncoding }  // negative
        if content.count > 1, content[0] == 0, content[1] & 0x80 == 0 {
            throw .invalidSignatureEncoding  // non-minimal
        }
        let magnitude = content[0] == 0 ? Array(content.dropFirst()) : content
        guard magnitude.count <= 32 else { throw .invalidSignatureEncoding }
        return magnitude
    }
}
