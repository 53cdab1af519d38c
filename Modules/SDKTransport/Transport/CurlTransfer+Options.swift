#if canImport(CCurl)
    import CCurl
    import ErrorCore
    import Foundation

    extension CurlTransfer {
        /// Sets every per-request option for `request` on the (pooled) easy handle, skipping those the handle
        /// already holds from its last request. Runs on the caller's thread, before submission. Throws
        /// ``TransportError`` (never sent) when curl refuses an option; the caller then releases the handle
        /// unclean, which resets it whole, what it remembers of its options included. Timeouts are not curl's
        /// to keep: the engine enforces them (see ``CurlTransfer/Limits``).
        func configure(_ request: HTTPRequest) throws(TransportError) {
            let easy = handle.raw
            var status = CURLE_OK
            func check(_ result: CURLcode) {
                if status == CURLE_OK && result != CURLE_OK { status = result }
            }

            handle.transfer = self
            // withCString, not the implicit conversion, which copies a URL's string to the heap.
            check(request.url.absoluteString.withCString { sdk_curl_easy_setopt_string(easy, CURLOPT_URL, $0) })

            let hasBody: Bool
            if method == "GET" && request.uploadBody == nil && request.body == nil {
                // The common case: a GET after a GET sets nothing here.
                if !handle.isPlainGet {
                    check(sdk_curl_easy_setopt_long(easy, CURLOPT_NOBODY, 0))
                    check(sdk_curl_easy_setopt_long(easy, CURLOPT_HTTPGET, 1))
                    check(sdk_curl_easy_setopt_string(easy, CURLOPT_CUSTOMREQUEST, nil))
                    handle.isPlainGet = true
                }
                hasBody = false
            } else {
                handle.isPlainGet = false
                hasBody = try setMethodAndBody(request, check)
                // curl's own request line says GET, HEAD or (with a body) POST; anything else is spelled out.
                let spelledByCurl = method == "HEAD" || method == (hasBody ? "POST" : "GET")
                let customMethod = spelledByCurl ? nil : method
                check(sdk_curl_easy_setopt_string(easy, CURLOPT_CUSTOMREQUEST, customMethod))
            }

            watchesSentBytes = hasBody || !isIdempotent
            if handle.isVerbose != watchesSentBytes {
                check(sdk_curl_easy_setopt_long(easy, CURLOPT_VERBOSE, watchesSentBytes ? 1 : 0))
                handle.isVerbose = watchesSentBytes
            }

            let offersEveryEncoding = !request.headers.contains("Accept-Encoding")
            headerList = Self.headerList(for: request.headers, hasBody: hasBody, offeringEncodings: offersEveryEncoding)
            let list: CurlEasyHandle.HeaderList =
                headerList != nil ? .transfers : offersEveryEncoding ? .encodingsOnly : .none
            if list == .transfers || list != handle.headerList {
                let pointer = list == .encodingsOnly ? handle.encodingsOnlyList : headerList
                check(sdk_curl_easy_setopt_slist(easy, CURLOPT_HTTPHEADER, pointer))
                handle.headerList = list
            }

            let wanted = CurlEasyHandle.Applied(
                // For buffered bodies: refuses a declared Content-Length over the limit before reading the body.
                maxFileSize: stream == nil ? curl_off_t(maxBodyBytes) : 0,
                offersEveryEncoding: offersEveryEncoding)
            let applied = handle.applied
            if wanted.offersEveryEncoding != applied?.offersEveryEncoding {
                // "" = every encoding this libcurl decodes (gzip, deflate, br, zstd), decoded transparently; the
                // field itself goes in the header list (``CurlEasyHandle/offeredEncodingsField``). NULL = none
                // offered by curl (the caller's own Accept-Encoding goes out and nothing is decoded).
                check(sdk_curl_easy_setopt_string(easy, CURLOPT_ACCEPT_ENCODING, wanted.offersEveryEncoding ? "" : nil))
            }
            if wanted.maxFileSize != applied?.maxFileSize {
                check(sdk_curl_easy_setopt_off_t(easy, CURLOPT_MAXFILESIZE_LARGE, wanted.maxFileSize))
            }

            guard status == CURLE_OK else {
                throw TransportError(
                    code: status == CURLE_OUT_OF_MEMORY ? .unknown : .badURL, requestSent: false,
                    message: "curl refused the request: \(handle.message(for: status))")
            }
            handle.applied = wanted
        }

        /// Sets the method and body of any request other than a bodyless GET, passing each result to `check`;
        /// returns whether it has a body. Throws only when an upload body cannot be opened.
        private func setMethodAndBody(
            _ request: HTTPRequest, _ check: (CURLcode) -> Void
        ) throws(TransportError) -> Bool {
            let easy = handle.raw
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
            return hasBody
        }

        /// The caller's fields as curl header lines, plus the suppressions that keep curl from adding its
        /// own to a body: `Expect:` (no 100-continue wait), `Content-Type:` (curl would add a form type),
        /// and the encodings offered when `offeringEncodings`. The framing fields are dropped: curl writes
        /// `Content-Length` from the body. `nil` (no list of its own) for a bodyless request without fields,
        /// the common GET, which the handle's ``CurlEasyHandle/encodingsOnlyList`` serves.
        private static func headerList(
            for headers: HTTPHeaders, hasBody: Bool, offeringEncodings: Bool
        ) -> UnsafeMutablePointer<curl_slist>? {
            var list: UnsafeMutablePointer<curl_slist>?
            guard hasBody || !headers.isEmpty else { return nil }
            func append(_ line: String) {
                line.withCString { list = curl_slist_append(list, $0) ?? list }
            }
            for field in headers where !RequestPreflight.isFramingField(field.name) {
                // "Name:" would tell curl to remove the field; "Name;" sends it with an empty value.
                append(field.value.isEmpty ? "\(field.name);" : "\(field.name): \(field.value)")
            }
            if hasBody && !headers.contains("Expect") { append("Expect:") }
            if hasBody && !headers.contains("Content-Type") { append("Content-Type:") }
            if offeringEncodings { append(CurlEasyHandle.offeredEncodingsField) }
            return list
        }
    }
#endif
