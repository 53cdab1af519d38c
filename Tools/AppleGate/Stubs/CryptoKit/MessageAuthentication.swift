// Message authentication codes.
//
//   https://developer.apple.com/documentation/cryptokit/hmac
//   https://developer.apple.com/documentation/cryptokit/hmac/authenticationcode(for:using:)
//   https://developer.apple.com/documentation/cryptokit/hmac/isvalidauthenticationcode(_:authenticating:using:)
//   https://developer.apple.com/documentation/cryptokit/hashedauthenticationcode
//   https://developer.apple.com/documentation/cryptokit/messageauthenticationcode

import Foundation

/// `@preconcurrency protocol MessageAuthenticationCode: ContiguousBytes, CustomStringConvertible, Hashable,
/// Sendable, Sequence where Self.Element == UInt8`: a type that represents a message authentication code.
@preconcurrency
public protocol MessageAuthenticationCode: ContiguousBytes, CustomStringConvertible, Hashable, Sendable, Sequence
where Element == UInt8 {
    /// The number of bytes in the message authentication code.
    var byteCount: Int { get }
}

extension MessageAuthenticationCode {
    /// Determines whether two authentication codes are equal (in constant time).
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.withUnsafeBytes { left in rhs.withUnsafeBytes { right in constantTimeEqual(left, right) } }
    }

    /// Determines whether an authentication code equals a collection of contiguous bytes (in constant time).
    public static func == <D: DataProtocol>(lhs: Self, rhs: D) -> Bool {
        let other = [UInt8](rhs)
        return lhs.withUnsafeBytes { left in other.withUnsafeBytes { right in constantTimeEqual(left, right) } }
    }

    /// Returns an iterator over the bytes of the authentication code.
    public func makeIterator() -> Array<UInt8>.Iterator {
        withUnsafeBytes { Array($0).makeIterator() }
    }

    /// A human-readable description of the code.
    public var description: String {
        "\(Self.self): \(Array(self).map { String($0, radix: 16) }.joined())"
    }
}

/// `struct HashedAuthenticationCode<H> where H: HashFunction`: a hash-based message authentication code.
public struct HashedAuthenticationCode<H: HashFunction>: MessageAuthenticationCode, Sendable {
    private let digest: H.Digest

    /// The number of bytes in the message authentication code.
    public var byteCount: Int { H.Digest.byteCount }

    /// Calls the given closure with the contents of underlying storage.
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try digest.withUnsafeBytes(body)
    }

    /// Hashes the essential components of the code by feeding them into the given hasher.
    public func hash(into hasher: inout Hasher) {
        digest.hash(into: &hasher)
    }
}

/// `struct HMAC<H> where H: HashFunction`: a hash-based message authentication algorithm.
public struct HMAC<H: HashFunction>: Sendable {
    /// The key type.
    public typealias Key = SymmetricKey
    /// The message authentication code type.
    public typealias MAC = HashedAuthenticationCode<H>

    /// Creates a message authentication code generator.
    public init(key: SymmetricKey) {
        unimplemented("HMAC.init(key:)")
    }

    /// Computes a message authentication code for the given data.
    public static func authenticationCode<D: DataProtocol>(for data: D, using key: SymmetricKey) -> MAC {
        unimplemented("HMAC.authenticationCode(for:using:)")
    }

    /// Returns a Boolean value indicating whether the given message authentication code is valid for a
    /// block of data.
    public static func isValidAuthenticationCode<D: DataProtocol>(
        _ authenticationCode: MAC, authenticating authenticatedData: D, using key: SymmetricKey
    ) -> Bool {
        unimplemented("HMAC.isValidAuthenticationCode(_:authenticating:using:)")
    }

    /// Returns a Boolean value indicating whether the given message authentication code represented as
    /// contiguous bytes is valid for a block of data.
    public static func isValidAuthenticationCode<C: ContiguousBytes, D: DataProtocol>(
        _ authenticationCode: C, authenticating authenticatedData: D, using key: SymmetricKey
    ) -> Bool {
        unimplemented("HMAC.isValidAuthenticationCode(_:authenticating:using:)")
    }

    /// Updates the message authentication code computation with a block of data.
    public mutating func update<D: DataProtocol>(data: D) {
        unimplemented("HMAC.update(data:)")
    }

    /// Finalizes the message authentication computation and returns the computed code.
    public func finalize() -> MAC {
        unimplemented("HMAC.finalize()")
    }
}
