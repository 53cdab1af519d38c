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
        /// for interim 1xx heads, the final head, and trailers alike.
        func receiveHeaderLine(_ bytes: UnsafeRawBufferPointer) -> Int {
            sawActivity = true
            guard !headComplete else { return bytes.count }  // trailers: not part of the response head
            headerBytes += bytes.count
            guard headerBytes <= maxHeaderBytes else {
                abortReason = .headerSectionTooLarge(limit: maxHeaderBytes)
                return 0
            }
            var line = bytes[...]
            while let last = line.last, last == 0x0A || last == 0x0D { line = line.dropLast() }

            if line.isEmpty {
                if (100..<200).contains(status) {
                    // An interim response (100 Continue, 103 Early Hints): the final head follows.
                    status = 0
                    headerFields.removeAll()
                } else {
                    headComplete = true
                    headDidComplete()
                }
            } else if line.starts(with: "HTTP/".utf8) {
                status = Self.statusCode(in: line)
                headerFields.removeAll()
            } else if line.first == 0x20 || line.first == 0x09 {
                // Obsolete line folding: a continuation of the previous field's value.
                if !headerFields.isEmpty {
                    headerFields[headerFields.count - 1].value += " " + Self.text(Self.trimmed(line))
                }
            } else if let colon = line.firstIndex(of: UInt8(ascii: ":")) {
                let name = Self.text(Self.trimmed(line[..<colon]))
                let value = Self.text(Self.trimmed(line[line.index(after: colon)...]))
                headerFields.append((name: name, value: value))
            }
            return bytes.count
        }

        /// CURLOPT_PREREQFUNCTION: curl is about to send the request on a connection. A second call means
        /// curl is resending it after a reused connection died without an answer; the first attempt may
        /// have been acted on, so that is refused for non-idempotent methods (a POST must not be sent
        /// twice behind the caller's back).
        func willSendRequest() -> Int32 {
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

        private static func statusCode(in line: Slice<UnsafeRawBufferPointer>) -> Int {
            guard let space = line.firstIndex(of: 0x20) else { return 0 }
            var code = 0
            for byte in line[line.index(after: space)...].prefix(3) {
                guard byte >= 0x30 && byte <= 0x39 else { return 0 }
                code = code * 10 + Int(byte - 0x30)
            }
            return code
        }

        private static func trimmed(_ bytes: Slice<UnsafeRawBufferPointer>) -> Slice<UnsafeRawBufferPointer> {
            var slice = bytes
            while let first = slice.first, first == 0x20 || first == 0x09 { slice = slice.dropFirst() }
            while let last = slice.last, last == 0x20 || last == 0x09 { slice = slice.dropLast() }
            return slice
        }

        /// UTF-8 when the bytes are valid UTF-8, otherwise ISO-8859-1 (HTTP's historical charset), so no
        /// byte is ever lost.
        private static func text(_ bytes: Slice<UnsafeRawBufferPointer>) -> String {
            let contiguous = UnsafeRawBufferPointer(rebasing: bytes).assumingMemoryBound(to: UInt8.self)
            // Header text is nearly always ASCII, which is UTF-8 as it stands. The check runs here, specialized
            // for these bytes; `UTF8Text.validating`, generic and called from another module, was not
            // specialized by the optimizer and paid a witness-table call per byte of every header line.
            if !contiguous.contains(where: { $0 >= 0x80 }) { return String(decoding: contiguous, as: UTF8.self) }
            if let utf8 = UTF8Text.validating(contiguous) { return utf8 }
            return String(String.UnicodeScalarView(contiguous.map { Unicode.Scalar($0) }))
        }
    }
#endif
