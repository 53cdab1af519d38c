import Foundation

/// The parts of a WebAuthn attestation object (CBOR `{"fmt","attStmt","authData"}`) the contract
/// needs, for platforms that hand one back instead of a public key (Apple's
/// `rawAttestationObject`): the 37-byte authenticator data prefix, the credential id and the ES256
/// public key as a 65-byte point.
///
/// Reads only definite-length CBOR, which authenticators emit; anything else, a key that is not
/// EC2 P-256 ES256, or authenticator data without attested credential data, is refused.
package struct PasskeyAttestationObject: Sendable, Equatable {
    /// rpIdHash(32) ‖ flags(1) ‖ signCount(4), as the contract's `authenticator_data`.
    package let authenticatorData: Data
    /// The credential id the authenticator data carries.
    package let credentialID: Data
    /// `0x04 ‖ x ‖ y`.
    package let publicKey: Data

    /// Why an attestation object was refused.
    package struct Malformed: Error, Sendable, Equatable {
        /// What was wrong, never the bytes.
        package let reason: String
    }

    /// Parses `data`.
    package init(_ data: Data) throws(Malformed) {
        var reader = CBORReader(bytes: [UInt8](data))
        var authData: [UInt8]?
        let (major, entries) = try reader.head()
        guard major == 5 else { throw Malformed(reason: "the attestation object is not a CBOR map") }
        for _ in 0..<entries {
            let key = try reader.text()
            if key == "authData" { authData = try reader.byteString() } else { try reader.skip() }
        }
        guard let authData, authData.count >= 55 else { throw Malformed(reason: "no authData") }
        guard authData[32] & 0x40 != 0 else { throw Malformed(reason: "authData carries no credential") }
        let idLength = Int(authData[53]) << 8 | Int(authData[54])
        guard authData.count >= 55 + idLength else { throw Malformed(reason: "authData is truncated") }
        authenticatorData = Data(authData[0..<37])
        credentialID = Data(authData[55..<55 + idLength])
        var key = CBORReader(bytes: Array(authData[(55 + idLength)...]))
        publicKey = try Self.point(&key)
    }

    /// The COSE_Key map: kty 2 (EC2), alg -7 (ES256), crv 1 (P-256), x (-2) and y (-3).
    private static func point(_ reader: inout CBORReader) throws(Malformed) -> Data {
        let (major, entries) = try reader.head()
        guard major == 5 else { throw Malformed(reason: "the credential key is not a COSE map") }
        var fields: [Int64: Int64] = [:]
        var x: [UInt8]?
        var y: [UInt8]?
        for _ in 0..<entries {
            switch try reader.integer() {
            case -2: x = try reader.byteString()
            case -3: y = try reader.byteString()
            case let label where label == 1 || label == 3 || label == -1: fields[label] = try reader.integer()
            default: try reader.skip()
            }
        }
        guard fields[1] == 2, fields[3] == -7, fields[-1] == 1, let x, let y, x.count == 32, y.count == 32 else {
            throw Malformed(reason: "the credential key is not an ES256 P-256 key")
        }
        return Data([0x04] + x + y)
    }
}

/// A cursor over definite-length CBOR (RFC 8949), enough to walk an attestation object.
private struct CBORReader {
    let bytes: [UInt8]
    var offset = 0

    /// An item's major type and its argument (a value, a length or a count).
    mutating func head() throws(PasskeyAttestationObject.Malformed) -> (major: UInt8, argument: UInt64) {
        let initial = try take(1)[0]
        let info = initial & 0x1F
        let argument: UInt64
        switch info {
        case 0..<24: argument = UInt64(info)
        case 24...27: argument = try take(1 << Int(info - 24)).reduce(0) { $0 << 8 | UInt64($1) }
        default: throw .init(reason: "indefinite or reserved CBOR lengths are not supported")
        }
        let major = initial >> 5
        // Every element of an array or map takes at least a byte: a larger count is a lie, and would
        // make the caller loop (or overflow) on it.
        if major == 4 || major == 5, argument > UInt64(bytes.count - offset) {
            throw .init(reason: "the CBOR is truncated")
        }
        return (major, argument)
    }

    mutating func text() throws(PasskeyAttestationObject.Malformed) -> String {
        let (major, length) = try head()
        guard major == 3 else { throw .init(reason: "expected a CBOR text string") }
        return String(decoding: try take(length), as: UTF8.self)
    }

    mutating func byteString() throws(PasskeyAttestationObject.Malformed) -> [UInt8] {
        let (major, length) = try head()
        guard major == 2 else { throw .init(reason: "expected a CBOR byte string") }
        return try take(length)
    }

    mutating func integer() throws(PasskeyAttestationObject.Malformed) -> Int64 {
        let (major, value) = try head()
        guard major <= 1, value <= UInt64(Int64.max) else { throw .init(reason: "expected a CBOR integer") }
        return major == 0 ? Int64(value) : -1 - Int64(value)
    }

    /// Steps over one item, however nested.
    mutating func skip(depth: Int = 0) throws(PasskeyAttestationObject.Malformed) {
        guard depth < 16 else { throw .init(reason: "CBOR nested too deeply") }
        let (major, argument) = try head()
        switch major {
        case 2, 3: _ = try take(argument)
        case 4: for _ in 0..<argument { try skip(depth: depth + 1) }
        case 5: for _ in 0..<argument * 2 { try skip(depth: depth + 1) }
        case 6: try skip(depth: depth + 1)
        default: break  // integers and simple values: the head was all of it
        }
    }

    private mutating func take(_ count: some BinaryInteger) throws(PasskeyAttestationObject.Malformed) -> [UInt8] {
        guard count >= 0, UInt64(count) <= UInt64(bytes.count - offset) else {
            throw .init(reason: "the CBOR is truncated")
        }
        defer { offset += Int(count) }
        return Array(bytes[offset..<offset + Int(count)])
    }
}
