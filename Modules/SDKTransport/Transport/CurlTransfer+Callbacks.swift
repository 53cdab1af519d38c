#if canImport(CCurl)
    import CCurl
    import Foundation

    /// The bodies of curl's callbacks. All run inside a call into the multi handle (or `curl_easy_pause`)
    /// under the engine's drive lock, one thread at a time, so they touch the engine-side state without
    /// locks of their own.
    extension CurlTransfer {
        /// CURLOPT_WRITEFUNCTION: a piece of the (decoded) body.
        func receiveBody(_ bytes: UnsafeRawBufferPointer) -> Int {
            guard !bytes.isEmpty else { return 0 }
            sawActivity = true
            if drainDeadline != nil {
                // Nobody reads this any more: drop it, within the budget.
                drainedBytes += bytes.count
                guard drainedBytes <= Self.drainBudget else {
                    abortReason = .abandoned
                    return 0
                }
                return bytes.count
            }
            if let stream {
                // A full buffer refuses the chunk; curl keeps it and pauses until the consumer drains.
                guard stream.offer(bytes) else {
                    pausedByConsumer = true
                    return sdk_curl_writefunc_pause
                }
                return bytes.count
            }
            guard body.count + bytes.count <= maxBodyBytes else {
                abortReason = .bodyTooLarge(limit: maxBodyBytes)
                return 0
            }
            body.append(bytes.assumingMemoryBound(to: UInt8.self))
            return bytes.count
        }

        /// CURLOPT_HEADERFUNCTION: one complete header line (status line, field, or the empty line),
        /// for interim 1xx heads, the final head, and trailers alike. The lines are only collected here;
        /// the empty line that ends a head has it read in one pass (``readHead()``).
        func receiveHeaderLine(_ bytes: UnsafeRawBufferPointer) -> Int {
            sawActivity = true
            guard !headComplete else { return bytes.count }  // trailers: not part of the response head
            headerBytes += bytes.count
            guard headerBytes <= maxHeaderBytes else {
                abortReason = .headerSectionTooLarge(limit: maxHeaderBytes)
                return 0
            }
            // The empty line: "\r\n", or a bare "\n" from a lenient server.
            let endsHead = bytes.count <= 2 && bytes.allSatisfy { $0 == 0x0D || $0 == 0x0A }
            headBytes.append(contentsOf: bytes)
            guard endsHead else { return bytes.count }
            readHead()
            if (100..<200).contains(status) {
                // An interim response (100 Continue, 103 Early Hints): the final head follows.
                status = 0
                headerFields.removeAll(keepingCapacity: true)
                headBytes.removeAll(keepingCapacity: true)
            } else {
                headComplete = true
                headDidComplete()
            }
            return bytes.count
        }

        /// Reads the head collected in `headBytes` (a status line, then field lines) into `status` and
        /// `headerFields`. A line that continues the one before (obsolete folding, starting with a space or
        /// a tab) joins its value with one space; a line with no colon is skipped.
        func readHead() {
            let bytes = headBytes
            var fields: [(name: String, value: String)] = []
            fields.reserveCapacity(8)
            var start = 0
            var isStatusLine = true
            while start < bytes.count {
                var next = start
                while next < bytes.count && bytes[next] != 0x0A { next += 1 }
                var end = next
                while end > start && bytes[end - 1] == 0x0D { end -= 1 }
                defer { start = next + 1 }
                guard end > start else { continue }
                if isStatusLine {
                    isStatusLine = false
                    status = Self.statusCode(in: bytes[start..<end])
                } else if bytes[start] == 0x20 || bytes[start] == 0x09 {
                    if !fields.isEmpty {
                        fields[fields.count - 1].value += " " + Self.text(Self.trimmed(bytes[start..<end]))
                    }
                } else if let colon = bytes[start..<end].firstIndex(of: UInt8(ascii: ":")) {
                    let name = Self.text(Self.trimmed(bytes[start..<colon]))
                    let value = Self.text(Self.trimmed(bytes[(colon + 1)..<end]))
                    fields.append((name: name, value: value))
                }
            }
            headerFields = fields
        }

        /// CURLOPT_PREREQFUNCTION: curl is about to send the request on a connection, established or reused (TLS
        /// included), which ends the connect limit's reach (``CurlTransfer/Limits/connect``). A second call means
        /// curl is resending it after a reused connection died without an answer; the first attempt may
        /// have been acted on, so that is refused for non-idempotent methods (a POST must not be sent
        /// twice behind the caller's back).
        func willSendRequest() -> Int32 {
            isConnected = true
            requestAttempts += 1
            guard requestAttempts == 1 || isIdempotent else {
                abortReason = .resendRefused(method: method)
                return sdk_curl_prereqfunc_abort
            }
            return sdk_curl_prereqfunc_ok
        }

        /// CURLOPT_READFUNCTION: the next piece of a streamed request body, read straight into curl's buffer.
        func readBody(_ buffer: UnsafeMutableRawBufferPointer) -> Int {
            guard let uploadReader else { return 0 }
            do {
                return try uploadReader.read(into: buffer)
            } catch {
                abortReason = .uploadFailed(error)
                return sdk_curl_readfunc_abort
            }
        }

        /// CURLOPT_SEEKFUNCTION: curl rewinds the body to resend the request on a fresh connection (only
        /// idempotent methods get that far, see ``willSendRequest()``). Other positions are left to curl,
        /// which then reads forward to them.
        func seekBody(to offset: curl_off_t, origin: Int32) -> Int32 {
            guard let uploadReader, offset == 0, origin == SEEK_SET else { return sdk_curl_seekfunc_cantseek }
            uploadReader.rewind()
            bodyBytesWritten = 0
            return sdk_curl_seekfunc_ok
        }

        /// From the debug callback: the socket accepted `count` more body bytes.
        func bodyBytesSent(_ count: Int) {
            bodyBytesWritten += Int64(count)
            guard let uploadProgress, bodyBytesWritten > reportedBodyBytes else { return }
            reportedBodyBytes = min(bodyBytesWritten, uploadTotal)
            uploadProgress(reportedBodyBytes, uploadTotal)
        }

        /// The status code of a status line ("HTTP/1.1 200 OK"), or 0 when it has none.
        private static func statusCode(in line: ArraySlice<UInt8>) -> Int {
            guard line.starts(with: "HTTP/".utf8), let space = line.firstIndex(of: 0x20) else { return 0 }
            var code = 0
            for byte in line[(space + 1)...].prefix(3) {
                guard byte >= 0x30 && byte <= 0x39 else { return 0 }
                code = code * 10 + Int(byte - 0x30)
            }
            return code
        }

        private static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
            var lower = bytes.startIndex
            var upper = bytes.endIndex
            while lower < upper && (bytes[lower] == 0x20 || bytes[lower] == 0x09) { lower += 1 }
            while upper > lower && (bytes[upper - 1] == 0x20 || bytes[upper - 1] == 0x09) { upper -= 1 }
            return bytes[lower..<upper]
        }

        /// UTF-8 when the bytes are valid UTF-8, otherwise ISO-8859-1 (HTTP's historical charset), so no
        /// byte is ever lost.
        private static func text(_ bytes: ArraySlice<UInt8>) -> String {
            // Header text is nearly always ASCII, which is UTF-8 as it stands. The check runs here, specialized
            // for these bytes; `UTF8Text.validating`, generic and called from another module, was not
            // specialized by the optimizer and paid a witness-table call per byte of every header line.
            if !bytes.contains(where: { $0 >= 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
            if let utf8 = UTF8Text.validating(bytes) { return utf8 }
            return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
        }
    }
#endif
