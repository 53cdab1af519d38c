// The CryptoKit stub: hashing, message authentication, key derivation, AES-GCM and P-256, as the SDKs
// use them, declared as Apple documents them.
//
//   https://developer.apple.com/documentation/cryptokit
//
// Each file cites the pages of its declarations. Signatures were also checked against apple/swift-crypto,
// which mirrors CryptoKit's API (its availability and typed `throws` differ from Apple's; Apple's pages
// win: every throwing CryptoKit API here `throws` untyped, as documented).
//
// Semantics: values that only carry bytes (keys, nonces, sealed boxes, signatures, digests) carry them;
// the cryptography itself (hashing, sealing, signing, key agreement, derivation) traps, because the gate
// compiles the SDKs' Apple branches and OpenSSL runs the same operations on Linux.
//
// Availability: CryptoKit is iOS 13 / macOS 10.15, `HKDF` iOS 14 / macOS 11; all below the SDKs' floor
// (iOS 17, macOS 14), so no declaration here needs an `@available` attribute for the gate.

import Foundation

/// Stops a stub whose semantics the gate does not provide.
func unimplemented(_ api: String) -> Never {
    fatalError("CryptoKit stub: \(api) does not run in the Apple-API gate")
}

/// Bytes from the system CSPRNG, for the stub's random keys and nonces.
func randomBytes(_ count: Int) -> [UInt8] {
    var generator = SystemRandomNumberGenerator()
    return (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
}
