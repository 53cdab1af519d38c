// Symmetric keys.
//
//   https://developer.apple.com/documentation/cryptokit/symmetrickey
//   https://developer.apple.com/documentation/cryptokit/symmetrickey/init(data:)
//   https://developer.apple.com/documentation/cryptokit/symmetrickey/init(size:)
//   https://developer.apple.com/documentation/cryptokit/symmetrickeysize

import Foundation

/// `struct SymmetricKey`: a symmetric cryptographic key.
public struct SymmetricKey: ContiguousBytes, Sendable {
    private let bytes: [UInt8]

    /// Creates a key from the given data.
    public init<D: ContiguousBytes>(data: D) {
        bytes = data.withUnsafeBytes { Array($0) }
    }

    /// Generates a new random key of the given size.
    public init(size: SymmetricKeySize) {
        bytes = randomBytes(size.bitCount / 8)
    }

    /// The number of bits in the key.
    public var bitCount: Int { bytes.count * 8 }

    /// Calls the given closure with the contents of underlying storage.
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try bytes.withUnsafeBytes(body)
    }
}

extension SymmetricKey: Equatable {
    /// Determines whether two keys are equal (in constant time).
    public static func == (lhs: SymmetricKey, rhs: SymmetricKey) -> Bool {
        lhs.withUnsafeBytes { left in rhs.withUnsafeBytes { right in constantTimeEqual(left, right) } }
    }
}

/// `struct SymmetricKeySize`: the sizes that a symmetric cryptographic key can take.
public struct SymmetricKeySize: Sendable {
    /// The number of bits in the key.
    public let bitCount: Int

    /// Creates a new key size of the given length.
    public init(bitCount: Int) {
        precondition(bitCount > 0 && bitCount % 8 == 0)
        self.bitCount = bitCount
    }

    /// A size of 128 bits.
    public static var bits128: SymmetricKeySize { SymmetricKeySize(bitCount: 128) }
    /// A size of 192 bits.
    public static var bits192: SymmetricKeySize { SymmetricKeySize(bitCount: 192) }
    /// A size of 256 bits.
    public static var bits256: SymmetricKeySize { SymmetricKeySize(bitCount: 256) }
}
