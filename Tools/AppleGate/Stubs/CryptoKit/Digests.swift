// Hash functions and digests.
//
//   https://developer.apple.com/documentation/cryptokit/hashfunction
//   https://developer.apple.com/documentation/cryptokit/hashfunction/hash(data:)
//   https://developer.apple.com/documentation/cryptokit/hashfunction/update(data:)
//   https://developer.apple.com/documentation/cryptokit/digest
//   https://developer.apple.com/documentation/cryptokit/sha256
//   https://developer.apple.com/documentation/cryptokit/sha256/digest (`typealias Digest = SHA256Digest`)
//   https://developer.apple.com/documentation/cryptokit/sha256digest

import Foundation

/// `@preconcurrency protocol HashFunction: Sendable`: a type that performs cryptographically secure hashing.
@preconcurrency
public protocol HashFunction: Sendable {
    /// The number of bytes that represents the hash function's internal state.
    static var blockByteCount: Int { get }
    /// The type of the digest returned by the hash function.
    associatedtype Digest: CryptoKit.Digest

    /// Creates a hash function.
    init()
    /// Incrementally updates the hash function with the contents of the buffer.
    mutating func update(bufferPointer: UnsafeRawBufferPointer)
    /// Finalizes the hash function and returns the computed digest.
    func finalize() -> Digest
}

extension HashFunction {
    /// Computes the digest of the bytes in the given data instance and returns the computed digest.
    public static func hash<D: DataProtocol>(data: D) -> Digest {
        var hasher = Self()
        hasher.update(data: data)
        return hasher.finalize()
    }

    /// Incrementally updates the hash function with the given data.
    public mutating func update<D: DataProtocol>(data: D) {
        for region in data.regions {
            region.withUnsafeBytes { update(bufferPointer: $0) }
        }
    }
}

/// `@preconcurrency protocol Digest: ContiguousBytes, CustomStringConvertible, Hashable, Sendable, Sequence
/// where Self.Element == UInt8`: a type that represents the output of a hash.
@preconcurrency
public protocol Digest: ContiguousBytes, CustomStringConvertible, Hashable, Sendable, Sequence
where Element == UInt8 {
    /// The number of bytes in the digest.
    static var byteCount: Int { get }
}

extension Digest {
    /// Returns an iterator over the elements of the digest.
    public func makeIterator() -> Array<UInt8>.Iterator {
        withUnsafeBytes { Array($0).makeIterator() }
    }

    /// Determines whether two digests are equal (in constant time).
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.withUnsafeBytes { left in rhs.withUnsafeBytes { right in constantTimeEqual(left, right) } }
    }

    /// Determines whether a digest is equivalent to a collection of contiguous bytes (in constant time).
    public static func == <D: DataProtocol>(lhs: Self, rhs: D) -> Bool {
        let other = [UInt8](rhs)
        return lhs.withUnsafeBytes { left in other.withUnsafeBytes { right in constantTimeEqual(left, right) } }
    }

    /// A human-readable description of the digest.
    public var description: String {
        "\(Self.self): \(Array(self).map { String($0, radix: 16) }.joined())"
    }
}

/// Equal lengths and equal bytes, examining every byte.
func constantTimeEqual(_ left: UnsafeRawBufferPointer, _ right: UnsafeRawBufferPointer) -> Bool {
    guard left.count == right.count else { return false }
    return zip(left, right).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
}

/// `struct SHA256`: an implementation of Secure Hashing Algorithm 2 (SHA-2) hashing with a 256-bit digest.
public struct SHA256: HashFunction, Sendable {
    /// The number of bytes that represents the hash function's internal state.
    public static var blockByteCount: Int { 64 }
    /// The number of bytes in a SHA256 digest.
    public static var byteCount: Int { 32 }
    /// The digest type for a SHA256 hash function.
    public typealias Digest = SHA256Digest

    /// Creates a SHA256 hash function.
    public init() {}

    /// Incrementally updates the hash function with the contents of the buffer.
    public mutating func update(bufferPointer: UnsafeRawBufferPointer) {
        unimplemented("SHA256.update(bufferPointer:)")
    }

    /// Finalizes the hash function and returns the computed digest.
    public func finalize() -> SHA256Digest {
        unimplemented("SHA256.finalize()")
    }
}

/// `struct SHA256Digest`: the output of a Secure Hashing Algorithm 2 (SHA-2) hash with a 256-bit digest.
public struct SHA256Digest: Digest {
    private let bytes: [UInt8]

    /// The number of bytes in the digest.
    public static var byteCount: Int { 32 }

    /// Calls the given closure with the contents of underlying storage.
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try bytes.withUnsafeBytes(body)
    }

    /// Hashes the essential components of the digest by feeding them into the given hash function.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(bytes)
    }
}
