#if canImport(CCurl)
    import CCurl
    import ErrorCore
    import Foundation

    /// A libcurl easy handle plus the error buffer curl writes its message into.
    ///
    /// Handles are pooled (``CurlEasyHandlePool``) so a steady stream of requests reuses them instead of
    /// allocating curl state per request. The options that never change (callbacks, protocol limits,
    /// HTTP/1.1, no signals) are set once here; ``CurlTransfer/configure(_:timeout:connectTimeout:)``
    /// sets every per-request option explicitly each time, so nothing leaks from one request into the
    /// next. A handle is used by one transfer at a time: configured on the caller's thread before
    /// submission, then only touched under the engine's drive lock until it is recycled.
    final class CurlEasyHandle: @unchecked Sendable {
        let raw: UnsafeMutableRawPointer
        let errorBuffer: UnsafeMutablePointer<CChar>

        init?() {
            guard let raw = curl_easy_init() else { return nil }
            self.raw = raw
            self.errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE))
            errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
            guard applyConstantOptions() else { return nil }
        }

        deinit {
            curl_easy_cleanup(raw)
            errorBuffer.deallocate()
        }

        /// curl's message for the last failure, or its generic text for `code` when it left none.
        func message(for code: CURLcode) -> String {
            let specific = String(cString: errorBuffer)
            if !specific.isEmpty { return specific }
            return curl_easy_strerror(code).map { String(cString: $0) } ?? "curl error \(code.rawValue)"
        }

        /// Makes the handle ready for another request. After a clean exchange it only drops what the last
        /// request owned (its copied body, its header list, its method); after anything else (failure,
        /// cancellation, a pause) curl's whole state is reset, so no half-finished transfer state can leak.
        func prepareForReuse(clean: Bool) -> Bool {
            errorBuffer[0] = 0
            if clean {
                // POSTFIELDS frees the copied body; HTTPGET then puts the method back to GET. The
                // transfer pointers go too: nothing may reach a finished transfer through this handle.
                var ok = sdk_curl_easy_setopt_pointer(raw, CURLOPT_POSTFIELDS, nil) == CURLE_OK
                ok = ok && sdk_curl_easy_setopt_long(raw, CURLOPT_HTTPGET, 1) == CURLE_OK
                ok = ok && sdk_curl_easy_setopt_slist(raw, CURLOPT_HTTPHEADER, nil) == CURLE_OK
                for option in Self.transferPointerOptions {
                    ok = ok && sdk_curl_easy_setopt_pointer(raw, option, nil) == CURLE_OK
                }
                return ok
            }
            curl_easy_reset(raw)
            return applyConstantOptions()
        }

        /// The options that carry the current transfer to curl's callbacks.
        static let transferPointerOptions = [
            CURLOPT_PRIVATE, CURLOPT_WRITEDATA, CURLOPT_HEADERDATA, CURLOPT_DEBUGDATA, CURLOPT_PREREQDATA,
            CURLOPT_READDATA, CURLOPT_SEEKDATA,
        ]

        private func applyConstantOptions() -> Bool {
            var ok = true
            func check(_ result: CURLcode) { ok = ok && result == CURLE_OK }
            check(sdk_curl_easy_setopt_pointer(raw, CURLOPT_ERRORBUFFER, errorBuffer))
            check(sdk_curl_easy_setopt_long(raw, CURLOPT_NOSIGNAL, 1))
            check(sdk_curl_easy_setopt_long(raw, CURLOPT_HTTP_VERSION, Int(CURL_HTTP_VERSION_1_1)))
            check(sdk_curl_easy_setopt_string(raw, CURLOPT_PROTOCOLS_STR, "http,https"))
            check(sdk_curl_easy_setopt_long(raw, CURLOPT_TCP_KEEPALIVE, 1))
            check(sdk_curl_easy_setopt_long(raw, CURLOPT_SUPPRESS_CONNECT_HEADERS, 1))
            // This libcurl opens its sockets without close-on-exec: a process the app starts would inherit
            // them, holding connections open (and the engine's registrations of them) until it exits.
            check(
                sdk_curl_easy_setopt_sockopt_function(raw) { _, socket, _ in
                    _ = fcntl(socket, F_SETFD, FD_CLOEXEC)
                    return 0  // CURL_SOCKOPT_OK
                })
            check(
                sdk_curl_easy_setopt_write_function(raw) { buffer, size, count, context in
                    guard let context else { return 0 }
                    return Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
                        .receiveBody(UnsafeRawBufferPointer(start: buffer, count: size * count))
                })
            check(
                sdk_curl_easy_setopt_header_function(raw) { buffer, size, count, context in
                    guard let context else { return 0 }
                    return Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
                        .receiveHeaderLine(UnsafeRawBufferPointer(start: buffer, count: size * count))
                })
            // A streamed request body (HTTPUploadBody) is pulled through the read callback; the seek callback
            // rewinds it when curl must resend the request on a fresh connection.
            check(
                sdk_curl_easy_setopt_read_function(raw) { buffer, size, count, context in
                    guard let context, let buffer else { return sdk_curl_readfunc_abort }
                    return Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
                        .readBody(UnsafeMutableRawBufferPointer(start: buffer, count: size * count))
                })
            check(
                sdk_curl_easy_setopt_seek_function(raw) { context, offset, origin in
                    guard let context else { return sdk_curl_seekfunc_cantseek }
                    return Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
                        .seekBody(to: offset, origin: origin)
                })
            // The debug callback is the one place curl reports bytes the socket accepted (HEADER_OUT and
            // DATA_OUT carry exactly what each send() took); it needs VERBOSE, whose text we ignore.
            check(sdk_curl_easy_setopt_long(raw, CURLOPT_VERBOSE, 1))
            check(
                sdk_curl_easy_setopt_debug_function(raw) { _, type, _, size, context in
                    if size > 0 && (type == CURLINFO_HEADER_OUT || type == CURLINFO_DATA_OUT), let context {
                        let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
                        transfer.requestBytesWritten = true
                        if type == CURLINFO_DATA_OUT { transfer.bodyBytesSent(size) }
                    }
                    return 0
                })
            check(
                sdk_curl_easy_setopt_prereq_function(raw) { context, _, _, _, _ in
                    guard let context else { return sdk_curl_prereqfunc_abort }
                    return Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue().willSendRequest()
                })
            return ok
        }
    }

    /// A small stack of idle easy handles shared by whoever drives the engine (which returns them) and
    /// calling threads (which take them).
    final class CurlEasyHandlePool: Sendable {
        private let idle = Locked<[CurlEasyHandle]>([])
        private let capacity: Int

        /// How many idle handles a pool keeps by default: the concurrency the transport is measured at. With
        /// fewer, a steady 64 requests in flight freed handles on their way back and set up fresh ones (a curl
        /// handle's whole initialisation) for others.
        static let defaultCapacity = 64

        /// `capacity` idle handles at most.
        init(capacity: Int = defaultCapacity) {
            self.capacity = capacity
        }

        /// An idle handle, or a new one; `nil` only when curl cannot allocate.
        func take() -> CurlEasyHandle? {
            idle.withLock { $0.popLast() } ?? CurlEasyHandle()
        }

        /// Readies `handle` for reuse (see ``CurlEasyHandle/prepareForReuse(clean:)``) and keeps it, or
        /// frees it when enough are idle already or it cannot be readied.
        func recycle(_ handle: CurlEasyHandle, clean: Bool) {
            guard handle.prepareForReuse(clean: clean) else { return }
            idle.withLock { handles in
                if handles.count < capacity { handles.append(handle) }
            }
        }

        /// Frees every idle handle (the engine calls this when it goes away).
        func drain() {
            let handles = idle.withLock { handles in
                let all = handles
                handles.removeAll()
                return all
            }
            _ = handles
        }
    }
#endif
