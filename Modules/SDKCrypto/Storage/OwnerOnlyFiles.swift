import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The one way the package keeps a secret in a file: the session store (``FileSecureStore``), the
/// emulator's admin token and database, the chat device ID, the CLI's saved Purse session.
///
/// - **Written without following links, never readable by others.** A value goes to a temporary file
///   created `0600` with `O_CREAT | O_EXCL | O_NOFOLLOW` before any byte is written, is flushed, then
///   renamed over the old file: a link planted at the file's name is replaced, never followed, and a
///   reader sees the old value or the new one, never a partial file.
/// - **A secret others could have written is not trusted.** ``read(_:)`` refuses a link, anything but a
///   regular file, a file owned by another user, and a file that group or others may write.
/// - **Directories.** A missing one is created `0700`. An existing one must be a real directory (not a
///   link). One that others may write and that has the sticky bit (`/tmp`) is shared: it is used as it
///   is, whoever owns it, since no one can replace our files there and whatever they plant beside them
///   fails ``read(_:)``; its mode is never changed (as root we own `/tmp`, and taking others' write bits
///   away would break every other program on the machine). Otherwise, one of ours that others may write
///   is repaired (their write bits removed), and one of another user's that others may write is
///   refused.
///
/// It protects against other users of the machine, not against the same user: that is the file
/// system's limit.
package enum OwnerOnlyFiles {
    /// Why a file or directory was refused or could not be used: the operation, the path, the `errno`
    /// and, for a refusal, what was wrong with it.
    package struct Failure: Error, CustomStringConvertible {
        package let operation: String
        package let path: String
        package let code: Int32
        package let reason: String?

        init(operation: String, path: String, code: Int32, reason: String? = nil) {
            self.operation = operation
            self.path = path
            self.code = code
            self.reason = reason
        }

        package var description: String {
            "\(operation) \(path): " + (reason ?? String(cString: strerror(code)))
        }
    }

    /// Makes `directory` ready to hold secrets (see the type's discussion); its parents are created as
    /// ordinary directories when missing. An `exclusive` directory (one that holds nothing else, like a
    /// ``FileSecureStore``'s) of ours is made `0700` even when it exists, unless it is a shared one
    /// (sticky, others may write), which is never changed.
    package static func prepareDirectory(_ directory: URL, exclusive: Bool = false) throws(Failure) {
        let path = directory.path
        // Created 0700 here (parents as ordinary directories when missing); mkdir's mode passes through the
        // umask, chmod's does not.
        var failure: Int32 = mkdir(path, 0o700) == 0 ? 0 : errno
        if failure == ENOENT {
            try? FileManager.default.createDirectory(
                at: directory.deletingLastPathComponent(), withIntermediateDirectories: true)
            failure = mkdir(path, 0o700) == 0 ? 0 : errno
        }
        if failure == 0 {
            guard chmod(path, 0o700) == 0 else { throw Failure(operation: "prepare", path: path, code: errno) }
            return
        }
        guard failure == EEXIST else { throw Failure(operation: "prepare", path: path, code: failure) }
        var info = stat()
        guard lstat(path, &info) == 0 else { throw Failure(operation: "prepare", path: path, code: errno) }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw Failure(operation: "prepare", path: path, code: ENOTDIR, reason: "not a directory (or a link)")
        }
        let othersMayWrite = info.st_mode & 0o022 != 0
        // A shared directory (`/tmp`): nobody can replace or remove our files there, and its mode is the
        // machine's, not ours to change, even when we own it (as root we own `/tmp`).
        if othersMayWrite && info.st_mode & S_ISVTX != 0 { return }
        if info.st_uid == geteuid() {
            let wanted = exclusive ? 0o700 : info.st_mode & 0o7755
            guard info.st_mode & 0o7777 != wanted else { return }
            guard chmod(path, mode_t(wanted)) == 0 else { throw Failure(operation: "prepare", path: path, code: errno) }
        } else if othersMayWrite {
            throw Failure(
                operation: "prepare", path: path, code: EPERM,
                reason: "another user's directory that others may write: its files could be replaced")
        }
    }

    /// Stores `data` at `file` atomically, owner-only, without following a link (see the type's
    /// discussion); prepares its directory first (`exclusive` as for ``prepareDirectory(_:exclusive:)``).
    package static func write(_ data: Data, to file: URL, exclusiveDirectory: Bool = false) throws(Failure) {
        try prepareDirectory(file.deletingLastPathComponent(), exclusive: exclusiveDirectory)
        let temporary = try staged(data, beside: file)
        guard rename(temporary, file.path) == 0 else {
            let failure = errno
            unlink(temporary)
            throw Failure(operation: "write", path: file.path, code: failure)
        }
    }

    /// Stores `data` at `file` only when nothing is there yet (two processes creating it at once keep
    /// one); `false` when a file already existed, which is left as it is.
    package static func create(_ data: Data, at file: URL) throws(Failure) -> Bool {
        try prepareDirectory(file.deletingLastPathComponent())
        let temporary = try staged(data, beside: file)
        defer { unlink(temporary) }
        if link(temporary, file.path) == 0 { return true }
        let failure = errno
        guard failure == EEXIST else { throw Failure(operation: "create", path: file.path, code: failure) }
        return false
    }

    /// The bytes at `file`; `nil` when there is no file.
    ///
    /// - Throws: ``Failure`` for a link, a non-regular file, a file owned by another user or one that
    ///   group or others may write (a secret there may have been planted), or a failed read.
    package static func read(_ file: URL) throws(Failure) -> Data? {
        let path = file.path
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw Failure(operation: "read", path: path, code: errno, reason: errno == ELOOP ? "a link" : nil)
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw Failure(operation: "read", path: path, code: errno) }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw Failure(operation: "read", path: path, code: EINVAL, reason: "not a regular file")
        }
        guard info.st_uid == geteuid(), info.st_mode & 0o022 == 0 else {
            throw Failure(
                operation: "read", path: path, code: EPERM,
                reason: "another user owns it or may write it: it is not trusted")
        }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glue.read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return data }
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw Failure(operation: "read", path: path, code: errno)
            }
            data.append(contentsOf: buffer[0..<count])
        }
    }

    /// Makes the regular file at `path` owner-only (`0600`), creating it empty with that mode when it is
    /// missing and `creating`, without following a link: for files another library writes in place (the
    /// emulator's SQLite database and its journals).
    package static func restrict(_ path: String, creating: Bool = false) throws(Failure) {
        let flags = O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK | (creating ? O_CREAT : 0)
        let descriptor = open(path, flags, 0o600)
        guard descriptor >= 0 else {
            throw Failure(operation: "restrict", path: path, code: errno, reason: errno == ELOOP ? "a link" : nil)
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw Failure(operation: "restrict", path: path, code: errno) }
        guard info.st_mode & S_IFMT == S_IFREG, info.st_uid == geteuid() else {
            throw Failure(
                operation: "restrict", path: path, code: EPERM, reason: "not a regular file of this user")
        }
        guard fchmod(descriptor, 0o600) == 0 else { throw Failure(operation: "restrict", path: path, code: errno) }
    }

    // MARK: - Internals

    /// A new private file beside `file` holding `data`, flushed; its path.
    private static func staged(_ data: Data, beside file: URL) throws(Failure) -> String {
        let temporary = file.deletingLastPathComponent()
            .appendingPathComponent(".\(file.lastPathComponent).\(UInt64.random(in: 0...UInt64.max)).tmp").path
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Failure(operation: "write", path: file.path, code: errno) }
        var failure: Int32 = fchmod(descriptor, 0o600) == 0 ? 0 : errno
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
        guard failure == 0 else {
            unlink(temporary)
            throw Failure(operation: "write", path: file.path, code: failure)
        }
        return temporary
    }
}

/// The C calls whose Swift names clash with methods in scope.
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
