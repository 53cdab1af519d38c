#if canImport(CCurl)
    import CCurl
    import ErrorCore
    import Foundation

    /// A libcurl easy handle plus the error buffer curl writes its message into.
    ///
    /// Handles are pooled (``CurlEasyHandlePool``) so a steady stream of requests reuses them instead of
    /// allocating curl state per request. The options that never change (callbacks, protocol limits,
    /// HTTP/1.1, no signals, and the handle itself as every callback's context) are set once here;
    /// ``CurlTransfer/configure(_:)`` sets each per-request
    /// option the handle does not already hold from its last request (``applied``), so nothing leaks from
    /// one request into the next and a steady run of GETs sets little more than the URL. A handle is used
    /// by one transfer at a time: configured on the caller's thread before submission, then only touched
    /// under the engine's drive lock until it is recycled.
    final class CurlEasyHandle: @unchecked Sendable {
        /// The per-request options as the handle's last request left them.
        struct Applied: Equatable {
            var maxFileSize: curl_off_t = 0
            /// `CURLOPT_ACCEPT_ENCODING` is "" (every encoding offered and decoded) rather than NULL.
            var offersEveryEncoding = false
        }

        let raw: UnsafeMutableRawPointer
        let errorBuffer: UnsafeMutablePointer<CChar>
        /// The transfer the handle serves, which every callback reaches through the handle (their context
        /// pointer); `nil` between transfers, so nothing can reach a finished transfer through the handle.
        var transfer: CurlTransfer?
        /// The per-request options set on the handle now; `nil` when unknown (fresh, or after a reset).
        var applied: Applied?
        /// Whether the handle is set for a bodyless GET (`HTTPGET`, no `NOBODY`, no custom method), which
        /// a GET after a GET then need not set again.
        var isPlainGet = false
        /// Which header list curl holds: none, the handle's own ``encodingsOnlyList``, or one a transfer owns
        /// (which must be cleared before the transfer frees it).
        enum HeaderList { case none, encodingsOnly, transfers }
        var headerList = HeaderList.none
        /// ``offeredEncodingsField`` alone, for the common request with no fields of its own (a GET): set once
        /// and kept from request to request. Freed with the handle.
        let encodingsOnlyList: UnsafeMutablePointer<curl_slist>?
        /// Whether `CURLOPT_VERBOSE` is on, which the debug callback needs.
        var isVerbose = true
        /// The buffer the handle's transfers collect a response head in (``CurlTransfer/headBytes``), lent to
        /// each in turn; empty while lent.
        var headBuffer: [UInt8] = []
        /// What a head buffer starts with, and the most a returned one may hold to be kept: a head of
        /// ordinary size needs no allocation, and one huge head does not keep its memory in the pool.
        static let headBufferCapacity = 1 << 10

        /// Whether curl looks for a proxy in the environment (see ``environmentNamesAProxy(_:)``).
        let readsProxyEnvironment: Bool

        init?(readsProxyEnvironment: Bool) {
            guard let raw = curl_easy_init() else { return nil }
            self.raw = raw
            self.readsProxyEnvironment = readsProxyEnvironment
            self.encodingsOnlyList = Self.offeredEncodingsField.withCString { curl_slist_append(nil, $0) }
            self.errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE))
            headBuffer.reserveCapacity(Self.headBufferCapacity)
            errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
            guard applyConstantOptions() else { return nil }
        }

        deinit {
            curl_easy_cleanup(raw)
            curl_slist_free_all(encodingsOnlyList)
            errorBuffer.deallocate()
        }

        /// The `Accept-Encoding` field `CURLOPT_ACCEPT_ENCODING` "" makes curl send: every encoding this libcurl
        /// decodes, in curl's order. The transport sends it as a field of its own beside that option (which
        /// still turns decoding on, and yields to a field the request carries): curl formats its own field
        /// anew for every request, which cost about 0.6 µs of a loopback GET's CPU.
        static let offeredEncodingsField: String = {
            let features = sdk_curl_version_features()
            var names: [String] = []
            if features & CURL_VERSION_LIBZ != 0 { names += ["deflate", "gzip"] }
            if features & CURL_VERSION_BROTLI != 0 { names.append("br") }
            if features & CURL_VERSION_ZSTD != 0 { names.append("zstd") }
            // What curl offers when it decodes nothing.
            return "Accept-Encoding: " + (names.isEmpty ? "identity" : names.joined(separator: ", "))
        }()

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
            transfer = nil
            if clean {
                var ok = true
                if !isPlainGet {
                    // POSTFIELDS frees the copied body; HTTPGET then puts the method back to GET.
                    ok = sdk_curl_easy_setopt_pointer(raw, CURLOPT_POSTFIELDS, nil) == CURLE_OK
                    ok = ok && sdk_curl_easy_setopt_long(raw, CURLOPT_HTTPGET, 1) == CURLE_OK
                }
                if headerList == .transfers {
                    headerList = .none
                    ok = ok && sdk_curl_easy_setopt_slist(raw, CURLOPT_HTTPHEADER, nil) == CURLE_OK
                }
                return ok
            }
            curl_easy_reset(raw)
            applied = nil
            isPlainGet = false
            headerList = .none
            return applyConstantOptions()
        }

        /// The variables curl takes a proxy from: `<scheme>_proxy` (for `http` in lower case only, as curl
        /// ignores `HTTP_PROXY`), then `all_proxy`. `no_proxy` only matters beside one of them.
        static let proxyVariables = ["http_proxy", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"]

        /// Whether any of ``proxyVariables`` is set (even empty), as `value` reads the environment. When one
        /// is, curl reads them all itself as it always does, `no_proxy` included; when none is, the handles
        /// say "no proxy" outright, which is what curl would conclude for every request.
        static func environmentNamesAProxy(_ value: (String) -> String? = CurlEasyHandle.environmentValue) -> Bool {
            proxyVariables.contains { value($0) != nil }
        }

        private static func environmentValue(_ name: String) -> String? {
            getenv(name).map { String(cString: $0) }
        }

        /// The transfer a callback is for, from its context pointer (the handle).
        static func transfer(_ context: UnsafeMutableRawPointer?) -> CurlTransfer? {
            guard let context else { return nil }
            return Unmanaged<CurlEasyHandle>.fromOpaque(context).takeUnretainedValue().transfer
        }

        private func applyConstantOptions() -> Bool {
            var ok = true
            func check(_ result: CURLcode) { ok = ok && result == CURLE_OK }
            check(sdk_curl_easy_setopt_pointer(raw, CURLOPT_ERRORBUFFER, errorBuffer))
            // Every callback's context is the handle, which knows its current transfer.
            let me = Unmanaged.passUnretained(self).toOpaque()
            for option in [
                CURLOPT_PRIVATE, CURLOPT_WRITEDATA, CURLOPT_HEADERDATA, CURLOPT_DEBUGDATA, CURLOPT_PREREQDATA,
                CURLOPT_READDATA, CURLOPT_SEEKDATA,
            ] {
                check(sdk_curl_easy_setopt_pointer(raw, option, me))
            }
            check(sdk_curl_easy_setopt_long(raw, CURLOPT_NOSIGNAL, 1))
            check(sdk_curl_easy_setopt_long(raw, CURLOPT_HTTP_VERSION, Int(CURL_HTTP_VERSION_1_1)))
            check(sdk_curl_easy_setopt_string(raw, CURLOPT_PROTOCOLS_STR, "http,https"))
            check(sdk_curl_easy_setopt_long(raw, CURLOPT_TCP_KEEPALIVE, 1))
            check(sdk_curl_easy_setopt_long(raw, CURLOPT_SUPPRESS_CONNECT_HEADERS, 1))
            if !readsProxyEnvironment {
                // "No proxy", said once: curl otherwise reads five variables from the environment for every
                // request (no_proxy, NO_PROXY, http_proxy, all_proxy, ALL_PROXY; each a scan of the whole
                // environment) to find what was not there when the transport started.
                check(sdk_curl_easy_setopt_string(raw, CURLOPT_PROXY, ""))
                check(sdk_curl_easy_setopt_string(raw, CURLOPT_NOPROXY, ""))
            }
            // This libcurl opens its sockets without close-on-exec: a process the app starts would inherit
            // them, holding connections open (and the engine's registrations of them) until it exits.
            check(
                sdk_curl_easy_setopt_sockopt_function(raw) { _, socket, _ in
                    _ = fcntl(socket, F_SETFD, FD_CLOEXEC)
                    return 0  // CURL_SOCKOPT_OK
                })
            check(
                sdk_curl_easy_setopt_write_function(raw) { buffer, size, count, context in
                    guard let transfer = CurlEasyHandle.transfer(context) else { return 0 }
                    return transfer.receiveBody(UnsafeRawBufferPointer(start: buffer, count: size * count))
                })
            check(
                sdk_curl_easy_setopt_header_function(raw) { buffer, size, count, context in
                    guard let transfer = CurlEasyHandle.transfer(context) else { return 0 }
                    return transfer.receiveHeaderLine(UnsafeRawBufferPointer(start: buffer, count: size * count))
                })
            // A streamed request body (HTTPUploadBody) is pulled through the read callback; the seek callback
            // rewinds it when curl must resend the request on a fresh connection.
            check(
                sdk_curl_easy_setopt_read_function(raw) { buffer, size, count, context in
                    guard let transfer = CurlEasyHandle.transfer(context), let buffer else {
                        return sdk_curl_readfunc_abort
                    }
                    return transfer.readBody(UnsafeMutableRawBufferPointer(start: buffer, count: size * count))
                })
            check(
                sdk_curl_easy_setopt_seek_function(raw) { context, offset, origin in
                    guard let transfer = CurlEasyHandle.transfer(context) else { return sdk_curl_seekfunc_cantseek }
                    return transfer.seekBody(to: offset, origin: origin)
                })
            // The debug callback is the one place curl reports each byte the socket accepted (HEADER_OUT and
            // DATA_OUT carry exactly what each send() took); it needs VERBOSE, whose text we ignore and curl
            // formats all the same, so `configure` turns it off for requests that can do without it (see
            // ``CurlTransfer/watchesSentBytes``).
            check(sdk_curl_easy_setopt_long(raw, CURLOPT_VERBOSE, 1))
            isVerbose = true
            check(
                sdk_curl_easy_setopt_debug_function(raw) { _, type, _, size, context in
                    if size > 0 && (type == CURLINFO_HEADER_OUT || type == CURLINFO_DATA_OUT),
                        let transfer = CurlEasyHandle.transfer(context)
                    {
                        transfer.requestBytesWritten = true
                        if type == CURLINFO_DATA_OUT { transfer.bodyBytesSent(size) }
                    }
                    return 0
                })
            check(
                sdk_curl_easy_setopt_prereq_function(raw) { context, _, _, _, _ in
                    guard let transfer = CurlEasyHandle.transfer(context) else { return sdk_curl_prereqfunc_abort }
                    return transfer.willSendRequest()
                })
            return ok
        }
    }

    /// A small stack of idle easy handles shared by whoever drives the engine (which returns them) and
    /// calling threads (which take them).
    final class CurlEasyHandlePool: Sendable {
        private let idle = Locked<[CurlEasyHandle]>([])
        private let capacity: Int
        /// Read once, when the pool (its transport) is made: a proxy variable set later is not seen.
        private let readsProxyEnvironment: Bool

        /// How many idle handles a pool keeps by default: the concurrency the transport is measured at. With
        /// fewer, a steady 64 requests in flight freed handles on their way back and set up fresh ones (a curl
        /// handle's whole initialisation) for others.
        static let defaultCapacity = 64

        /// `capacity` idle handles at most.
        init(capacity: Int = defaultCapacity, readsProxyEnvironment: Bool = CurlEasyHandle.environmentNamesAProxy()) {
            self.capacity = capacity
            self.readsProxyEnvironment = readsProxyEnvironment
        }

        /// An idle handle, or a new one; `nil` only when curl cannot allocate.
        func take() -> CurlEasyHandle? {
            idle.withLock { $0.popLast() } ?? CurlEasyHandle(readsProxyEnvironment: readsProxyEnvironment)
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
