// The Linux build: the one that links COpenSSL for the rest of this module.
#if canImport(COpenSSL)
    import Glibc

    extension SecureRandom {
        /// The kernel's CSPRNG through `getentropy(3)` (the `getrandom(2)` system call), which blocks
        /// until the kernel's pool is seeded and never returns fewer bytes than asked.
        ///
        /// Not OpenSSL's `RAND_bytes`: that is a user-space DRBG seeded from this same source, and a
        /// cold call through its provider machinery cost about 10 µs per 16 bytes on a payment's hot
        /// path (the Purse submission benchmark), against about 1 µs for the system call.
        enum Backend {
            /// `getentropy` serves at most 256 bytes per call.
            private static let maximumChunk = 256

            /// `buffer` is non-empty.
            static func fill(_ buffer: UnsafeMutableRawBufferPointer) {
                let base = buffer.baseAddress!
                var offset = 0
                while offset < buffer.count {
                    let chunk = min(buffer.count - offset, maximumChunk)
                    guard getentropy(base + offset, chunk) == 0 else {
                        let reason = String(cString: strerror(errno))
                        fatalError("SecureRandom: the kernel's CSPRNG failed (\(reason)); refusing to continue")
                    }
                    offset += chunk
                }
            }
        }
    }
#endif
