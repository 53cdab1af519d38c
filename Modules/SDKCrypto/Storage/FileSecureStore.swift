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
/// - The directory is created with mode `0700` (and tightened to `0700` if it already exists).
/// - A value is written to a temporary file created `0600` with `O_EXCL` before any byte is
///   written, flushed, then renamed over the old one, so a reader sees the old value or the new one,
///   never a partial file, and the secret is never readable by others, even briefly.
/// - Keys are 1–128 characters of `A–Z a–z 0–9 . _ -`, not starting with `.`, so no key can
///   name a file outside the directory or one of the temporary files.
/// - Symbolic links are not followed when reading.
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
    public func read(_ key: String) throws -> Data? {
        let path = try filePath(for: key, operation: "read")
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw SecureStoreError(kind: .io, operation: "read", code: errno)
        }
        defer { close(descriptor) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glue.read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                throw SecureStoreError(kind: .io, operation: "read", code: errno)
            }
            data.append(contentsOf: buffer[0..<count])
        }
        return data
    }

    /// Stores `data` under `key` atomically, never readable by other users.
    public func write(_ data: Data, for key: String) throws {
        let path = try filePath(for: key, operation: "write")
        try prepareDirectory()
        let temporary = directory.appendingPathComponent(".\(key).\(UInt64.random(in: 0...UInt64.max)).tmp").path
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw SecureStoreError(kind: .io, operation: "write", code: errno) }
        var failure: Int32 = 0
        if fchmod(descriptor, 0o600) != 0 { failure = errno }
        if failure == 0 {
            failure = data.withUnsafeBytes { raw in
                var offset = 0
                while offset < raw.count {
                    let written = Glue.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                    if written < 0 {
                        if errno == EINTR { continue }
                        return errno
                    }
                    offset += written
                }
                return 0
            }
        }
        if failure == 0, fsync(descriptor) != 0 { failure = errno }
        close(descriptor)
        if failure == 0, rename(temporary, path) != 0 { failure = errno }
        if failure != 0 {
            unlink(temporary)
            throw SecureStoreError(kind: .io, operation: "write", code: failure)
        }
    }

    /// Removes the value under `key`, if any.
    public func delete(_ key: String) throws {
        let path = try filePath(for: key, operation: "delete")
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

    private func filePath(for key: String, operation: String) throws -> String {
        guard Self.isValidKey(key) else { throw SecureStoreError(kind: .invalidKey, operation: operation) }
        return directory.appendingPathComponent(key).path
    }

    private func prepareDirectory() throws {
        let path = directory.path
        if mkdir(path, 0o700) != 0 {
            var failure = errno
            if failure == ENOENT {
                // Parents are ordinary directories; only the last one holds secrets.
                try? FileManager.default.createDirectory(
                    at: directory.deletingLastPathComponent(), withIntermediateDirectories: true)
                failure = mkdir(path, 0o700) == 0 ? 0 : errno
            }
            guard failure == 0 || failure == EEXIST else {
                throw SecureStoreError(kind: .io, operation: "prepare", code: failure)
            }
        }
        guard chmod(path, 0o700) == 0 else {
            throw SecureStoreError(kind: .io, operation: "prepare", code: errno)
        }
    }
}

/// The C calls whose Swift names clash with the store's own methods.
private enum Glue {
    #if canImport(Darwin)
        static func read(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
            Darwin.read(fd, buffer, count)
        }
        static func write(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
            Darwin.write(fd, buffer, count)
        }
    #elseif canImport(Glibc)
        static func read(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
            Glibc.read(fd, buffer, count)
        }
        static func write(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
            Glibc.write(fd, buffer, count)
        }
    #else
        static func read(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
            Musl.read(fd, buffer, count)
        }
        static func write(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
            Musl.write(fd, buffer, count)
        }
    #endif
}
