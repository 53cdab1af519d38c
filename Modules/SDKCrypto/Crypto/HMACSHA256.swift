import Foundation

/// HMAC with SHA-256 (RFC 2104), the MAC behind HS256 JWTs.
///
/// Keys of any length are accepted, including empty ones and keys longer than the 64-byte block
/// (hashed first, as RFC 2104 specifies). Computing a MAC cannot fail on a working system; if the
/// library cannot allocate its state the process stops with a message naming the step.
package enum HMACSHA256 {
    /// Length of an authentication code in bytes.
    package static let byteCount = 32

    /// The 32-byte authentication code of `message` under `key`.
    package static func authenticationCode(for message: some DataProtocol, key: some DataProtocol) -> Data {
        Backend.authenticationCode(for: message, key: key)
    }

    /// Whether `mac` is the authentication code of `message` under `key`.
    ///
    /// The comparison takes the same time wherever the first differing byte is, so a verifier
    /// leaks nothing about how close a forged code came. A code of the wrong length is `false`.
    package static func isValid(
        _ mac: some DataProtocol,
        for message: some DataProtocol,
        key: some DataProtocol
    ) -> Bool {
        guard mac.count == byteCount else { return false }
        return Backend.isValid(mac, for: message, key: key)
    }
}
