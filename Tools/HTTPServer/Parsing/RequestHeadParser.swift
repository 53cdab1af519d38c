import ErrorCore

/// Strict parsing of a request's header section (RFC 9112 §2–§6).
///
/// Works on raw bytes and never traps: every index is checked, numbers are accumulated with
/// overflow detection, and anything outside the grammar is `RequestFailure.badRequest`. It is
/// deliberately stricter than most servers (no obs-fold, no whitespace before the colon, one
/// space between request-line parts) because the only clients are our SDKs and hostile tests.
enum RequestHeadParser {
    /// Parses `section`: the bytes from the request line up to, not including, the empty line.
    ///
    /// A missing `Host` is accepted (there is no virtual hosting here); two `Host` fields are not.
    static func parse(_ section: ArraySlice<UInt8>, maxBodyBytes: Int) throws(RequestFailure) -> RequestHead {
        let lines = splitLines(section)
        guard let requestLine = lines.first else { throw .badRequest }
        let (method, target, isHTTP10) = try parseRequestLine(requestLine)

        var headers = HTTPHeaders()
        var contentLengths: [ArraySlice<UInt8>] = []
        var transferCodings: [ArraySlice<UInt8>] = []
        var connectionOptions: [ArraySlice<UInt8>] = []
        var hostCount = 0
        var expectsContinue = false
        for line in lines.dropFirst() {
            let (name, value) = try parseFieldLine(line)
            if ASCII.equalsLowercase(name, "content-length") {
                contentLengths.append(value)
            } else if ASCII.equalsLowercase(name, "transfer-encoding") {
                transferCodings.append(value)
            } else if ASCII.equalsLowercase(name, "connection") {
                connectionOptions += ASCII.listElements(value)
            } else if ASCII.equalsLowercase(name, "host") {
                hostCount += 1
            } else if ASCII.equalsLowercase(name, "expect") {
                expectsContinue = expectsContinue || ASCII.equalsLowercase(value, "100-continue")
            }
            headers.add(String(decoding: name, as: UTF8.self), String(decoding: value, as: UTF8.self))
        }
        guard hostCount <= 1 else { throw .badRequest }

        let framing = try framing(
            contentLengths: contentLengths, transferCodings: transferCodings, isHTTP10: isHTTP10,
            maxBodyBytes: maxBodyBytes)
        let closeRequested = connectionOptions.contains { ASCII.equalsLowercase($0, "close") }
        let keepAliveRequested = connectionOptions.contains { ASCII.equalsLowercase($0, "keep-alive") }
        return RequestHead(
            method: method, target: target, isHTTP10: isHTTP10, headers: headers, framing: framing,
            wantsKeepAlive: !closeRequested && (!isHTTP10 || keepAliveRequested),
            expectsContinue: expectsContinue)
    }

    /// Splits on CRLF. The reader has already rejected bare LF; a stray CR stays inside a line and
    /// fails the character checks.
    private static func splitLines(_ section: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        var lines: [ArraySlice<UInt8>] = []
        var lineStart = section.startIndex
        var index = section.startIndex
        while index < section.endIndex {
            if section[index] == ASCII.carriageReturn, index + 1 < section.endIndex,
                section[index + 1] == ASCII.lineFeed
            {
                lines.append(section[lineStart..<index])
                index += 2
                lineStart = index
            } else {
                index += 1
            }
        }
        lines.append(section[lineStart..<section.endIndex])
        return lines
    }

    /// `method SP request-target SP HTTP-version`, exactly.
    private static func parseRequestLine(
        _ line: ArraySlice<UInt8>
    ) throws(RequestFailure) -> (method: String, target: String, isHTTP10: Bool) {
        guard let firstSpace = line.firstIndex(of: ASCII.space) else { throw .badRequest }
        let method = line[line.startIndex..<firstSpace]
        guard !method.isEmpty, method.allSatisfy(ASCII.isToken) else { throw .badRequest }
        let rest = line[(firstSpace + 1)...]
        guard let secondSpace = rest.firstIndex(of: ASCII.space) else { throw .badRequest }
        let target = rest[rest.startIndex..<secondSpace]
        guard !target.isEmpty, target.allSatisfy(ASCII.isTargetCharacter) else { throw .badRequest }
        let version = rest[(secondSpace + 1)...]
        guard version.count == 8, version.starts(with: "HTTP/".utf8) else { throw .badRequest }
        let base = version.startIndex
        guard let major = ASCII.digitValue(version[base + 5]), version[base + 6] == UInt8(ascii: "."),
            let minor = ASCII.digitValue(version[base + 7])
        else { throw .badRequest }
        guard major == 1 else { throw .versionNotSupported }
        return (String(decoding: method, as: UTF8.self), String(decoding: target, as: UTF8.self), minor == 0)
    }

    /// `field-name ":" OWS field-value OWS`; also used for chunked trailers.
    static func parseFieldLine(
        _ line: ArraySlice<UInt8>
    ) throws(RequestFailure) -> (name: ArraySlice<UInt8>, value: ArraySlice<UInt8>) {
        // A leading space or tab is obs-fold (a continuation line), which RFC 9112 lets us reject.
        guard let colon = line.firstIndex(of: ASCII.colon), colon > line.startIndex else { throw .badRequest }
        let name = line[line.startIndex..<colon]
        guard name.allSatisfy(ASCII.isToken) else { throw .badRequest }
        let value = ASCII.trimmed(line[(colon + 1)...])
        guard value.allSatisfy(ASCII.isFieldValue) else { throw .badRequest }
        return (name, value)
    }

    /// Decides body framing (RFC 9112 §6.1–§6.3) and rejects every ambiguous combination, since
    /// ambiguity between two parsers is what request smuggling exploits.
    private static func framing(
        contentLengths: [ArraySlice<UInt8>], transferCodings: [ArraySlice<UInt8>], isHTTP10: Bool,
        maxBodyBytes: Int
    ) throws(RequestFailure) -> RequestHead.Framing {
        if !transferCodings.isEmpty {
            guard contentLengths.isEmpty, !isHTTP10 else { throw .badRequest }
            let codings = transferCodings.flatMap(ASCII.listElements)
            let chunkedCount = codings.count(where: { ASCII.equalsLowercase($0, "chunked") })
            guard let last = codings.last, ASCII.equalsLowercase(last, "chunked"), chunkedCount == 1 else {
                throw .badRequest
            }
            guard codings.count == 1 else { throw .notImplemented }
            return .chunked
        }
        guard !contentLengths.isEmpty else { return .none }

        // Repeated or list-valued Content-Length is fine only when every value is the same number.
        // `nil` stands for "too large to represent", which is always too large to accept.
        var agreed: Int?? = .none
        for element in contentLengths.flatMap({ $0.split(separator: ASCII.comma, omittingEmptySubsequences: false) }) {
            let digits = ASCII.trimmed(element)
            guard !digits.isEmpty else { throw .badRequest }
            var value: Int? = 0
            for byte in digits {
                guard let digit = ASCII.digitValue(byte) else { throw .badRequest }
                if let current = value {
                    let (shifted, overflowA) = current.multipliedReportingOverflow(by: 10)
                    let (sum, overflowB) = shifted.addingReportingOverflow(digit)
                    value = overflowA || overflowB ? nil : sum
                }
            }
            if case .some(let previous) = agreed, previous != value { throw .badRequest }
            agreed = .some(value)
        }
        guard case .some(.some(let length)) = agreed, length <= maxBodyBytes else { throw .payloadTooLarge }
        return length == 0 ? .none : .contentLength(length)
    }
}
