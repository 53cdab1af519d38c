import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A ``SecureStore`` that keeps each value in its own file, readable only by the current user.
///
/// - The directory is created with mode `0700` (and tightened to `0700` if it already exists), unless it
///   is a shared one (sticky, others may write, as `/tmp`): its mode is the machine's and stays as it is;
///   no one else can replace or remove the store's files there.
/// - A value is written to a temporary file created `0600` with `O_EXCL` before any byte is
///   written, flushed, then renamed over the old one, so a reader sees the old value or the new one,
///   never a partial file, and the secret is never readable by others, even briefly.
/// - Keys are 1–128 characters of `A–Z a–z 0–9 . _ -`, not starting with `.`, so no key can
///   name a file outside the directory or one of the temporary files.
/// - Symbolic links are not followed, and a file another user owns or may write is refused: it may
///   have been planted (`OwnerOnlyFiles`).
///
/// It protects against other users of the machine, not against the same user: that is the file
/// system's limit. On Apple platforms prefer `KeychainSecureStore`.
public struct FileSecureStore: SecureStore {
    /// The directory holding the files.
    public let directory: URL

    /// A store in `directory`, created on the first write.
    public init(directory: URL) {
        self.directory = directory
    }

    /// The bytes stored under `key`, or `nil`.
    ///
    /// - Throws: ``SecureStoreError`` `.io` for a file that is a link, not a regular file, owned by another
    ///   user or writable by others (`EPERM`: it may have been planted), or that cannot be read;
    ///   `.unavailable` for a transient failure (``SecureStoreError/Kind/unavailable``).
    public func read(_ key: String) throws -> Data? {
        let file = try fileURL(for: key, operation: "read")
        do {
            return try OwnerOnlyFiles.read(file)
        } catch {
            let kind: SecureStoreError.Kind = SecureStoreError.transientErrnos.contains(error.code) ? .unavailable : .io
            throw SecureStoreError(kind: kind, operation: "read", code: error.code)
        }
    }

    /// Stores `data` under `key` atomically, never readable by other users.
    public func write(_ data: Data, for key: String) throws {
        let file = try fileURL(for: key, operation: "write")
        do {
            try OwnerOnlyFiles.write(data, to: file, exclusiveDirectory: true)
        } catch {
            throw SecureStoreError(kind: .io, operation: "write", code: error.code)
        }
    }

    /// Removes the value under `key`, if any.
    public func delete(_ key: String) throws {
        let path = try fileURL(for: key, operation: "delete").path
        if unlink(path) != 0, errno != ENOENT {
            throw SecureStoreError(kind: .io, operation: "delete", code: errno)
        }
    }

    /// Whether `key` may be used: 1–128 of `A–Z a–z 0–9 . _ -`, not starting with `.`.
    ///
    /// Every store in this module, the Keychain store included, accepts exactly these keys.
    public static func isValidKey(_ key: String) -> Bool {
        SecureStoreKey.isValid(key)
    }

    private func fileURL(for key: String, operation: String) throws -> URL {
        guard Self.isValidKey(key) else { throw SecureStoreError(kind: .invalidKey, operation: operation) }
        return directory.appendingPathComponent(key)
    }
}
