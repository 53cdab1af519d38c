import CCurl
import Foundation

extension CurlTransfer {
    /// Sets every option for `request` on the (freshly reset) easy handle. Runs on the caller's thread,
    /// before submission. Throws ``TransportError`` (never sent) when curl refuses an option.
    func configure(
        _ request: HTTPRequest, timeout: Duration?, connectTimeout: Duration
    ) throws(TransportError) {
        let easy = handle.raw
        var status = CURLE_OK
        func check(_ result: CURLcode) {
            if status == CURLE_OK && result != CURLE_OK { status = result }
        }

        check(sdk_curl_easy_setopt_pointer(easy, CURLOPT_ERRORBUFFER, handle.errorBuffer))
        check(sdk_curl_easy_setopt_long(easy, CURLOPT_NOSIGNAL, 1))
        check(sdk_curl_easy_setopt_long(easy, CURLOPT_HTTP_VERSION, Int(CURL_HTTP_VERSION_1_1)))
        check(sdk_curl_easy_setopt_string(easy, CURLOPT_PROTOCOLS_STR, "http,https"))
        check(sdk_curl_easy_setopt_long(easy, CURLOPT_TCP_KEEPALIVE, 1))
        check(sdk_curl_easy_setopt_long(easy, CURLOPT_SUPPRESS_CONNECT_HEADERS, 1))
        check(sdk_curl_easy_setopt_string(easy, CURLOPT_URL, request.url.absoluteString))
        installCallbacks(check)

        let hasBody: Bool
        if method == "HEAD" {
            check(sdk_curl_easy_setopt_long(easy, CURLOPT_NOBODY, 1))
            hasBody = false
        } else if request.body != nil || RequestPreflight.sendsEmptyBody(method) {
            let body = request.body ?? Data()
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
            if method != "POST" { check(sdk_curl_easy_setopt_string(easy, CURLOPT_CUSTOMREQUEST, method)) }
            hasBody = true
        } else {
            if method != "GET" { check(sdk_curl_easy_setopt_string(easy, CURLOPT_CUSTOMREQUEST, method)) }
            hasBody = false
        }

        headerList = Self.headerList(for: request.headers, hasBody: hasBody)
        if let headerList { check(sdk_curl_easy_setopt_slist(easy, CURLOPT_HTTPHEADER, headerList)) }
        if !request.headers.contains("Accept-Encoding") {
            // "" = every encoding this libcurl decodes (gzip, deflate, br, zstd), decoded transparently.
            check(sdk_curl_easy_setopt_string(easy, CURLOPT_ACCEPT_ENCODING, ""))
        }
        if let timeout {
            check(sdk_curl_easy_setopt_long(easy, CURLOPT_TIMEOUT_MS, Self.milliseconds(timeout)))
        }
        check(sdk_curl_easy_setopt_long(easy, CURLOPT_CONNECTTIMEOUT_MS, Self.milliseconds(connectTimeout)))
        if stream == nil {
            // Refuses a declared Content-Length over the limit before reading the body.
            check(sdk_curl_easy_setopt_off_t(easy, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(maxBodyBytes)))
        }

        guard status == CURLE_OK else {
            throw TransportError(
                code: status == CURLE_OUT_OF_MEMORY ? .unknown : .badURL, requestSent: false,
                message: "curl refused the request: \(handle.message(for: status))")
        }
    }

    private func installCallbacks(_ check: (CURLcode) -> Void) {
        let easy = handle.raw
        let me = Unmanaged.passUnretained(self).toOpaque()
        check(sdk_curl_easy_setopt_pointer(easy, CURLOPT_PRIVATE, me))
        check(
            sdk_curl_easy_setopt_write_function(easy) { buffer, size, count, context in
                Unmanaged<CurlTransfer>.fromOpaque(context!).takeUnretainedValue()
                    .receiveBody(UnsafeRawBufferPointer(start: buffer, count: size * count))
            })
        check(sdk_curl_easy_setopt_pointer(easy, CURLOPT_WRITEDATA, me))
        check(
            sdk_curl_easy_setopt_header_function(easy) { buffer, size, count, context in
                Unmanaged<CurlTransfer>.fromOpaque(context!).takeUnretainedValue()
                    .receiveHeaderLine(UnsafeRawBufferPointer(start: buffer, count: size * count))
            })
        check(sdk_curl_easy_setopt_pointer(easy, CURLOPT_HEADERDATA, me))
        // The debug callback is the one place curl reports bytes the socket accepted (HEADER_OUT and
        // DATA_OUT carry exactly what each send() took); it needs VERBOSE, whose text we ignore.
        check(sdk_curl_easy_setopt_long(easy, CURLOPT_VERBOSE, 1))
        check(
            sdk_curl_easy_setopt_debug_function(easy) { _, type, _, size, context in
                if size > 0 && (type == CURLINFO_HEADER_OUT || type == CURLINFO_DATA_OUT) {
                    Unmanaged<CurlTransfer>.fromOpaque(context!).takeUnretainedValue().requestBytesWritten = true
                }
                return 0
            })
        check(sdk_curl_easy_setopt_pointer(easy, CURLOPT_DEBUGDATA, me))
        check(
            sdk_curl_easy_setopt_prereq_function(easy) { context, _, _, _, _ in
                Unmanaged<CurlTransfer>.fromOpaque(context!).takeUnretainedValue().willSendRequest()
            })
        check(sdk_curl_easy_setopt_pointer(easy, CURLOPT_PREREQDATA, me))
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
