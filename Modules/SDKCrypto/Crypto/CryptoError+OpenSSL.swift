#if canImport(COpenSSL)
    import COpenSSL

    extension CryptoError {
        /// Builds ``library(operation:message:)`` from the calling thread's OpenSSL error queue and
        /// empties that queue.
        ///
        /// Emptying matters beyond tidiness: libcurl shares the per-thread queue and would otherwise
        /// read our stale entries as its own TLS failure.
        static func openSSLFailure(_ operation: String) -> CryptoError {
            .library(operation: operation, message: OpenSSLErrorQueue.drain())
        }
    }

    /// The calling thread's OpenSSL error queue.
    enum OpenSSLErrorQueue {
        /// Removes every queued error and returns them joined by `"; "`, or `"no OpenSSL error queued"`.
        static func drain() -> String {
            var messages: [String] = []
            while true {
                let code = ERR_get_error()
                if code == 0 { break }
                var buffer = [CChar](repeating: 0, count: 256)
                ERR_error_string_n(code, &buffer, buffer.count)
                messages.append(
                    String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
            }
            return messages.isEmpty ? "no OpenSSL error queued" : messages.joined(separator: "; ")
        }

        /// Forgets queued errors after a failure that is an expected answer (a signature that does
        /// not verify, a tag that does not match) rather than an error worth reporting.
        static func clear() {
            ERR_clear_error()
        }
    }

    /// Stops the process on a failure that only a broken OpenSSL installation or exhausted memory can
    /// cause (a SHA-256 context that cannot be allocated, a digest that cannot be fetched).
    ///
    /// Callers of hashing and HMAC would have nothing sensible to do with such an error, so these
    /// APIs do not throw; the message names the step and OpenSSL's reason, never any input.
    func openSSLFatal(_ operation: String, file: StaticString = #file, line: UInt = #line) -> Never {
        fatalError("OpenSSL \(operation) failed: \(OpenSSLErrorQueue.drain())", file: file, line: line)
    }
#endif
