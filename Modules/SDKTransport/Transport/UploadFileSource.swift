import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// An open, read-only file descriptor for one file of an ``HTTPUploadBody``.
///
/// POSIX calls rather than `FileHandle`: `pread` fills the transport's own buffer (curl's upload buffer,
/// a copy buffer) directly, with no `Data` per chunk, and never moves a shared file offset.
struct UploadFileSource {
    let descriptor: Int32
    /// The file's size when it was opened.
    let size: Int64

    /// Opens `url` for reading; throws ``TransportError`` (`requestSent == false`) naming why it cannot.
    static func open(_ url: URL) throws(TransportError) -> UploadFileSource {
        guard url.isFileURL else {
            throw TransportError(
                code: .unsupportedURL, requestSent: false, message: "an upload body file must be a file: URL")
        }
        let path = url.path
        let descriptor = path.withCString { systemOpen($0, O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else { throw failure(errno: errno, name: url.lastPathComponent) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let code = errno
            _ = systemClose(descriptor)
            throw failure(errno: code, name: url.lastPathComponent)
        }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            _ = systemClose(descriptor)
            let isDirectory = (status.st_mode & S_IFMT) == S_IFDIR
            throw TransportError(
                code: isDirectory ? .fileIsDirectory : .cannotOpenFile, requestSent: false,
                message: "upload body file '\(url.lastPathComponent)' is not a regular file")
        }
        return UploadFileSource(descriptor: descriptor, size: Int64(status.st_size))
    }

    /// Reads up to `buffer.count` bytes at `offset`; 0 means the end of the file. Throws on a read error.
    func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int64) throws(TransportError) -> Int {
        while true {
            let count = pread(descriptor, buffer.baseAddress, buffer.count, off_t(offset))
            if count >= 0 { return count }
            guard errno == EINTR else {
                throw TransportError(
                    code: .cannotOpenFile, requestSent: true,
                    message: "reading an upload body file failed (errno \(errno))")
            }
        }
    }

    func close() {
        _ = systemClose(descriptor)
    }

    private static func failure(errno code: Int32, name: String) -> TransportError {
        let reason: URLError.Code =
            switch code {
            case ENOENT, ENOTDIR: .fileDoesNotExist
            case EACCES, EPERM: .noPermissionsToReadFile
            case EISDIR: .fileIsDirectory
            default: .cannotOpenFile
            }
        return TransportError(
            code: reason, requestSent: false, message: "upload body file '\(name)' cannot be opened (errno \(code))")
    }
}

// The module's own `open`/`close` names would shadow the C functions inside the type.
private func systemOpen(_ path: UnsafePointer<CChar>, _ flags: Int32) -> Int32 { open(path, flags) }
private func systemClose(_ descriptor: Int32) -> Int32 { close(descriptor) }
