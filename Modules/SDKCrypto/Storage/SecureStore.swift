import Foundation

/// Where an SDK keeps small secrets (identity tokens, session keys) between launches.
///
/// Values are opaque bytes under string keys. Implementations must be safe to call from any thread
/// and must throw rather than lose data silently. ``FileSecureStore`` is the implementation on
/// Linux, `KeychainSecureStore` the one on Apple platforms; an app may pass its own (an in-memory
/// store for tests).
public protocol SecureStore: Sendable {
    /// The bytes stored under `key`, or `nil` when there are none.
    func read(_ key: String) throws -> Data?
    /// Stores `data` under `key`, replacing any previous value atomically.
    func write(_ data: Data, for key: String) throws
    /// Removes the value under `key`; removing a missing key is not an error.
    func delete(_ key: String) throws
}

/// Why a ``SecureStore`` operation failed.
public struct SecureStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure it was.
    public enum Kind: Sendable, Equatable {
        /// The key is empty, too long, or has characters that could name another file.
        case invalidKey
        /// The storage refused: the file system (``SecureStoreError/code`` is the `errno`, positive)
        /// or the Keychain (``SecureStoreError/code`` is the `OSStatus`, negative).
        case io
        /// The storage cannot be read *now*, which says nothing about what it holds: a Keychain locked
        /// before the first unlock or refusing interaction (`errSecInteractionNotAllowed`,
        /// `errSecNotAvailable`), or a transient file-system error (`EINTR`, `EAGAIN`, `EIO`, `EBUSY`,
        /// `ENFILE`, `EMFILE`, `ENOMEM`). Read again later; never treat it as "no value".
        case unavailable
    }

    /// What kind of failure it was.
    public var kind: Kind
    /// The operation: `read`, `write`, `delete` or (file store only) `prepare`.
    public var operation: String
    /// The `errno` (positive) or Keychain `OSStatus` (negative) of an ``Kind/io`` or
    /// ``Kind/unavailable`` failure, else 0.
    public var code: Int32

    /// The `errno` values after which a read may well succeed later.
    package static let transientErrnos: Set<Int32> = [EINTR, EAGAIN, EIO, EBUSY, ENFILE, EMFILE, ENOMEM]

    /// Creates an error.
    public init(kind: Kind, operation: String, code: Int32 = 0) {
        self.kind = kind
        self.operation = operation
        self.code = code
    }

    /// `"secure store write failed (errno 13)"`, or `"… (OSStatus -25308)"` from the Keychain;
    /// never contains a key's value.
    public var description: String {
        switch kind {
        case .invalidKey: "secure store \(operation): invalid key"
        case .io where code < 0: "secure store \(operation) failed (OSStatus \(code))"
        case .io: "secure store \(operation) failed (errno \(code))"
        case .unavailable where code < 0: "secure store \(operation) cannot run now (OSStatus \(code))"
        case .unavailable: "secure store \(operation) cannot run now (errno \(code))"
        }
    }
}
