import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Owner-only modes, whatever the umask, for the files that hold secrets outside a ``SecureStore``:
/// the emulator's database (API key, sealing private key, request log), the chat device ID.
///
/// A directory is made 0700 only when it is created here: an existing one may be a directory the
/// caller shares with others (`/tmp`, a project folder given as a data directory), whose mode is not
/// ours to change. The files themselves are always 0600, which is what keeps their contents private.
package enum OwnerOnlyFiles {
    /// Creates `directory` (and missing parents) 0700 when it does not exist; leaves an existing one as is.
    package static func createDirectoryIfMissing(_ directory: URL) throws {
        guard !FileManager.default.fileExists(atPath: directory.path) else { return }
        try FileManager.default.createDirectory(
            at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        // The attribute passes through the umask; this does not.
        guard chmod(directory.path, 0o700) == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
    }

    /// Makes the file at `path` 0600, creating it empty with that mode when `creating` and it is missing.
    package static func restrict(_ path: String, creating: Bool = false) throws {
        if creating, !FileManager.default.fileExists(atPath: path) {
            _ = FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600])
        }
        guard chmod(path, 0o600) == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
    }
}
