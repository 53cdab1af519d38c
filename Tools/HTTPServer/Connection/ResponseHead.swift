import ErrorCore

/// Serializes status lines and header sections.
enum ResponseHead {
    /// How the body that follows the head is delimited.
    enum Framing: Equatable {
        /// No body and no framing header (1xx, 204, 304).
        case none
        case contentLength(Int)
        case chunked
        /// HTTP/1.0 streaming: the body ends when the connection closes.
        case closeDelimited
    }

    /// What the `Connection` header says, if anything.
    enum ConnectionOption {
        case none
        case close
        case keepAlive
    }

    static let continueResponse = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

    /// Sent on the accept thread to connections beyond `maxConnections`.
    static let serviceUnavailable = errorResponse(status: 503, code: "service_unavailable")

    /// The server's own `{"error":"<code>"}` answer, always followed by a close.
    static func errorResponse(_ failure: RequestFailure) -> [UInt8] {
        errorResponse(status: failure.status, code: failure.code)
    }

    private static func errorResponse(status: Int, code: String) -> [UInt8] {
        let body = Array("{\"error\":\"\(code)\"}".utf8)
        var headers: HTTPHeaders = ["Content-Type": "application/json"]
        if status == 503 { headers.add("Retry-After", "1") }
        return serialize(status: status, headers: headers, framing: .contentLength(body.count), connection: .close)
            + body
    }

    /// The status line and header section, ending with the empty line.
    ///
    /// The handler's `Content-Length`, `Transfer-Encoding` and `Connection` fields are dropped:
    /// the server alone decides framing and persistence. CR and LF become spaces so a handler
    /// echoing untrusted text cannot inject header lines.
    static func serialize(
        status: Int, headers: HTTPHeaders, framing: Framing, connection: ConnectionOption
    ) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(128 + headers.count * 48)
        out += "HTTP/1.1 \(status) \(reasonPhrase(status))\r\n".utf8
        for (name, value) in headers {
            if HTTPHeaders.equalNames(name, "Content-Length")
                || HTTPHeaders.equalNames(name, "Transfer-Encoding")
                || HTTPHeaders.equalNames(name, "Connection")
            {
                continue
            }
            appendSanitized(name, to: &out)
            out += ": ".utf8
            appendSanitized(value, to: &out)
            out += "\r\n".utf8
        }
        switch framing {
        case .none, .closeDelimited: break
        case .contentLength(let length): out += "Content-Length: \(length)\r\n".utf8
        case .chunked: out += "Transfer-Encoding: chunked\r\n".utf8
        }
        switch connection {
        case .none: break
        case .close: out += "Connection: close\r\n".utf8
        case .keepAlive: out += "Connection: keep-alive\r\n".utf8
        }
        out += "\r\n".utf8
        return out
    }

    /// One chunk of a chunked body: hex size, CRLF, data, CRLF.
    static func chunkFrame(_ data: some Collection<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(data.count + 20)
        out += String(data.count, radix: 16).utf8
        out += "\r\n".utf8
        out += data
        out += "\r\n".utf8
        return out
    }

    static let lastChunk = Array("0\r\n\r\n".utf8)

    private static func appendSanitized(_ text: String, to out: inout [UInt8]) {
        for byte in text.utf8 {
            out.append(byte == ASCII.carriageReturn || byte == ASCII.lineFeed ? ASCII.space : byte)
        }
    }

    static func reasonPhrase(_ status: Int) -> String {
        switch status {
        case 100: "Continue"
        case 200: "OK"
        case 201: "Created"
        case 202: "Accepted"
        case 204: "No Content"
        case 206: "Partial Content"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 303: "See Other"
        case 304: "Not Modified"
        case 307: "Temporary Redirect"
        case 308: "Permanent Redirect"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 402: "Payment Required"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 406: "Not Acceptable"
        case 408: "Request Timeout"
        case 409: "Conflict"
        case 410: "Gone"
        case 411: "Length Required"
        case 412: "Precondition Failed"
        case 413: "Content Too Large"
        case 415: "Unsupported Media Type"
        case 422: "Unprocessable Content"
        case 423: "Locked"
        case 428: "Precondition Required"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        case 505: "HTTP Version Not Supported"
        default: "Status \(status)"
        }
    }
}
