#if canImport(COpenSSL)
    import COpenSSL

    extension SecureRandom {
        /// OpenSSL's CSPRNG, which reseeds per thread.
        enum Backend {
            /// `buffer` is non-empty.
            static func fill(_ buffer: UnsafeMutableRawBufferPointer) {
                let base = buffer.baseAddress!
                // RAND_bytes takes an Int32 count; larger requests are served in slices.
                var offset = 0
                while offset < buffer.count {
                    let chunk = min(buffer.count - offset, Int(Int32.max))
                    let start = (base + offset).assumingMemoryBound(to: UInt8.self)
                    guard RAND_bytes(start, Int32(chunk)) == 1 else {
                        fatalError(
                            "SecureRandom: the OpenSSL CSPRNG failed (\(OpenSSLErrorQueue.drain())); refusing to continue"
                        )
                    }
                    offset += chunk
                }
            }
        }
    }
#endif
