import Foundation

/// Random bytes from the system's CSPRNG, for keys, nonces, `jti`s, idempotency keys and PKCE
/// verifiers: the kernel's `getrandom(2)` (through `getentropy(3)`) on Linux, `SecRandomCopyBytes`
/// on Apple platforms.
///
/// Both are seeded by the operating system and are safe to call from any thread. A failure
/// means the system cannot supply entropy; continuing would hand out predictable secrets, so the
/// process stops instead, with a message that says so.
package enum SecureRandom {
    /// `count` cryptographically secure random bytes. `count` must not be negative.
    package static func bytes(_ count: Int) -> Data {
        precondition(count >= 0, "SecureRandom.bytes: negative byte count \(count)")
        var bytes = Data(count: count)
        guard count > 0 else { return bytes }
        bytes.withUnsafeMutableBytes { buffer in
            fill(buffer)
        }
        return bytes
    }

    /// Fills `buffer` with cryptographically secure random bytes.
    package static func fill(_ buffer: UnsafeMutableRawBufferPointer) {
        guard buffer.baseAddress != nil, buffer.count > 0 else { return }
        Backend.fill(buffer)
    }

    /// A random (version 4, RFC 9562) UUID drawn from the CSPRNG.
    package static func uuid() -> UUID {
        var raw: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &raw) { fill($0) }
        raw.6 = (raw.6 & 0x0F) | 0x40  // version 4
        raw.8 = (raw.8 & 0x3F) | 0x80  // variant 10xx (RFC 9562)
        return UUID(uuid: raw)
    }

    /// A random UUID as the wire writes it: 36 lowercase characters (`8-4-4-4-12`), the form request
    /// ids and idempotency keys take.
    package static func lowercaseUUIDString() -> String {
        uuid().uuidString.lowercased()
    }
}
