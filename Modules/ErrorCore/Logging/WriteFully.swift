#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Writes every byte of `bytes` to `descriptor`, writing again after a short write or an `EINTR`.
/// Returns 0, or the `errno` of the write that failed (`EPIPE` when the reader is gone: the caller
/// must have SIGPIPE ignored, or use a socket with `MSG_NOSIGNAL`). The logger and the tests' child
/// processes write through it.
package func writeFully(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32 {
    var offset = 0
    while offset < bytes.count {
        let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
        if written > 0 {
            offset += written
        } else if written < 0 && errno == EINTR {
            continue
        } else {
            return written < 0 ? errno : EIO
        }
    }
    return 0
}
