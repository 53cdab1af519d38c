// Darwin, as far as the SDKs' `#if canImport(Darwin)` branches need it.
//
// Darwin's C library is POSIX, as Glibc is, so this stub re-exports Glibc and declares only the
// spellings in which Darwin's headers differ from Glibc's and that the SDKs use. A declaration here
// shadows Glibc's of the same name for code that imports Darwin. Each one cites Darwin's header.
//
// With it on the import path, `canImport(Darwin)` is true, so the SDKs' Darwin branches (which come
// first in every `#if canImport(Darwin) … #elseif canImport(Glibc)`) are the ones compiled.

@_exported import Glibc

/// `<sys/socket.h>`: `#define SOCK_STREAM 1`, imported as an `Int32` (Glibc imports an enum).
public var SOCK_STREAM: Int32 { 1 }

/// `<sys/socket.h>`: `#define SO_NOSIGPIPE 0x1022`, Darwin's per-socket alternative to `MSG_NOSIGNAL`.
public var SO_NOSIGPIPE: Int32 { 0x1022 }

extension sockaddr_in {
    /// `<netinet/in.h>`: BSD's `sin_len`, the structure's length (`__uint8_t`); Linux has no such field.
    public var sin_len: UInt8 {
        get { 0 }
        set {}
    }
}
