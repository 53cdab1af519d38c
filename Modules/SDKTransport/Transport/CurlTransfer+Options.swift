#if canImport(CCurl)
    import CCurl
    import ErrorCore
    import Foundation

    extension CurlTransfer {
        /// Sets every per-request option for `request` on the (pooled) easy handle. Runs on the caller's thread,
        /// before submission. Throws ``TransportError`` (never sent) when curl refuses an option.
        func configure(
            _ request: HTTPRequest, timeout: Duration?, connectTimeout: Duration
        ) throws(TransportError) {
            let easy = handle.raw
            var status = CURLE_OK
            func check(_ result: CURLcode) {
                if status == CURLE_OK && result != CURLE_OK { status = result }
            }

            check(sdk_curl_easy_setopt_string(easy, CURLOPT_URL, request.url.absoluteString))
            let me = Unmanaged.passUnretained(self).toOpaque()
            for option in CurlEasyHandle.transferPointerOptions {
                check(sdk_curl_easy_setopt_pointer(easy, option, me))
            }

            // Every per-request option is set (or cleared) on every request: the handle is reused.
            check(sdk_curl_easy_setopt_long(easy, CURLOPT_NOBODY, 0))
            let hasBody: Bool
            if method == "HEAD" {
                check(sdk_curl_easy_setopt_long(easy, CURLOPT_NOBODY, 1))
                hasBody = false
            } else if let upload = request.uploadBody {
                // Opened now, on the caller's thread: a missing file fails before anything is sent.
                uploadReader = try UploadBodyReader(upload)
                uploadTotal = upload.length
                uploadProgress = request.uploadProgress
                // POST with no POSTFIELDS pulls the body through the read callback; the size makes curl send
                // Content-Length instead of chunking it.
                check(sdk_curl_easy_setopt_pointer(easy, CURLOPT_POSTFIELDS, nil))
                check(sdk_curl_easy_setopt_long(easy, CURLOPT_POST, 1))
                check(sdk_curl_easy_setopt_off_t(easy, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(upload.length)))
                hasBody = true
            } else if request.body != nil || RequestPreflight.sendsEmptyBody(method) {
                let body = request.body ?? Data()
                uploadTotal = Int64(body.count)
                uploadProgress = request.uploadProgress
                check(sdk_curl_easy_setopt_off_t(easy, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count)))
                // COPYPOSTFIELDS: curl owns a copy, so the Data may go away and a resend on a fresh
                // connection (idempotent methods only) can rewind.
                body.withUnsafeBytes { bytes in
                    let empty: StaticString = ""
                    let pointer = bytes.baseAddress ?? UnsafeRawPointer(empty.utf8Start)
                    check(
                        sdk_curl_easy_setopt_pointer(
                            easy, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: pointer)))
                }
                hasBody = true
            } else {
                check(sdk_curl_easy_setopt_long(easy, CURLOPT_HTTPGET, 1))
                hasBody = false
            }
            // curl's own request line says GET, HEAD or (with a body) POST; anything else is spelled out.
            let spelledByCurl = method == "HEAD" || method == (hasBody ? "POST" : "GET")
            let customMethod = spelledByCurl ? nil : method
            check(sdk_curl_easy_setopt_string(easy, CURLOPT_CUSTOMREQUEST, customMethod))

            headerList = Self.headerList(for: request.headers, hasBody: hasBody)
            check(sdk_curl_easy_setopt_slist(easy, CURLOPT_HTTPHEADER, headerList))
            // "" = every encoding this libcurl decodes (gzip, deflate, br, zstd), decoded transparently;
            // NULL = none offered by curl (the caller's own Accept-Encoding goes out and nothing is decoded).
            check(
                sdk_curl_easy_setopt_string(
                    easy, CURLOPT_ACCEPT_ENCODING, request.headers.contains("Accept-Encoding") ? nil : ""))
            check(sdk_curl_easy_setopt_long(easy, CURLOPT_TIMEOUT_MS, timeout.map(Self.milliseconds) ?? 0))
            check(sdk_curl_easy_setopt_long(easy, CURLOPT_CONNECTTIMEOUT_MS, Self.milliseconds(connectTimeout)))
            // For buffered bodies: refuses a declared Content-Length over the limit before reading the body.
            check(
                sdk_curl_easy_setopt_off_t(
                    easy, CURLOPT_MAXFILESIZE_LARGE, stream == nil ? curl_off_t(maxBodyBytes) : 0))

            guard status == CURLE_OK else {
                throw TransportError(
                    code: status == CURLE_OUT_OF_MEMORY ? .unknown : .badURL, requestSent: false,
                    message: "curl refused the request: \(handle.message(for: status))")
            }
        }

        /// The caller's fields as curl header lines, plus the suppressions that keep curl from adding its
        /// own: `Expect:` (no 100-continue wait), `Content-Type:` (curl would add a form type to a body).
        /// The framing fields are dropped: curl writes `Content-Length` from the body.
        private static func headerList(for headers: HTTPHeaders, hasBody: Bool) -> UnsafeMutablePointer<curl_slist>? {
            var list: UnsafeMutablePointer<curl_slist>?
            func append(_ line: String) {
                line.withCString { list = curl_slist_append(list, $0) ?? list }
            }
            for field in headers where !RequestPreflight.isFramingField(field.name) {
                // "Name:" would tell curl to remove the field; "Name;" sends it with an empty value.
                append(field.value.isEmpty ? "\(field.name);" : "\(field.name): \(field.value)")
            }
            if !headers.contains("Expect") { append("Expect:") }
            if hasBody && !headers.contains("Content-Type") { append("Content-Type:") }
            return list
        }

        /// Whole milliseconds, rounded up and at least 1 (0 would mean "no limit" to curl).
        static func milliseconds(_ duration: Duration) -> Int {
            let (seconds, attoseconds) = duration.components
            guard seconds >= 0 && (seconds > 0 || attoseconds > 0) else { return 1 }
            let whole = seconds.multipliedReportingOverflow(by: 1000)
            guard !whole.overflow else { return Int.max }
            let fraction = (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
            return Int(clamping: whole.partialValue + fraction)
        }
    }
#endif
