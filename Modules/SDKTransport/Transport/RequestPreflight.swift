import ErrorCore
import Foundation

/// Checks every transport runs before a request touches the network, so bad input fails the same way
/// (and provably unsent) whichever transport is in use.
enum RequestPreflight {
    /// Throws ``TransportError`` (`requestSent == false`) when the request cannot be sent as given:
    /// a URL that is not absolute `http`/`https` with a host, a method or field name that is not an
    /// HTTP token, a field value with CR, LF or NUL (header injection), or a host under `.invalid`,
    /// which RFC 6761 reserves to never resolve (answering at once keeps tests and apps from waiting
    /// on a resolver that may be slow or offline).
    static func check(_ request: HTTPRequest) throws(TransportError) {
        if ordinaryHost(in: request.url.absoluteString) == nil { try checkURL(request.url) }
        guard isToken(request.method) else {
            throw TransportError(code: .badURL, requestSent: false, message: "method is not an HTTP token")
        }
        for field in request.headers {
            guard isToken(field.name) else {
                throw TransportError(
                    code: .badURL, requestSent: false, message: "header field name is not an HTTP token")
            }
            guard !field.value.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0x00 }) else {
                throw TransportError(
                    code: .badURL, requestSent: false,
                    message: "header field '\(field.name)' has a value with CR, LF or NUL")
            }
        }
    }

    /// Where the host of `url` is (UTF-8 offsets) when the URL's string is plainly `http://` or `https://`
    /// (any case), a host of letters, digits, dots and dashes not under `.invalid`, an optional port, then a
    /// path, query, fragment or the end: the common case, read in one pass over the string's bytes. The
    /// URL's own accessors build a Substring and a String each, which cost about a microsecond a request.
    /// `nil` for anything else (user info, IPv6, percent-encoding, another scheme), which ``checkURL(_:)``
    /// then decides exactly.
    static func ordinaryHost(in url: String) -> Range<Int>? {
        // One loop over the bytes, each read by the stage it belongs to, counting offsets itself: a nested
        // reader function capturing an iterator, and then `enumerated()`, were not inlined and cost a call per
        // byte.
        enum Stage { case scheme, secure, colon, firstSlash, secondSlash, host, port }
        var stage = Stage.scheme
        var hostStart = 0
        var hostEnd: Int?
        var suffix = InvalidSuffix()
        var offset = -1
        scan: for byte in url.utf8 {
            offset += 1
            switch stage {
            case .scheme:
                // "http", any case: the expected byte at each offset, packed lowest first.
                guard byte | 0x20 == UInt8(truncatingIfNeeded: 0x7074_7468 >> (offset * 8)) else { return nil }
                if offset == 3 { stage = .secure }
            case .secure:
                if byte | 0x20 == UInt8(ascii: "s") {
                    stage = .colon
                } else {
                    guard byte == UInt8(ascii: ":") else { return nil }
                    stage = .firstSlash
                }
            case .colon:
                guard byte == UInt8(ascii: ":") else { return nil }
                stage = .firstSlash
            case .firstSlash:
                guard byte == UInt8(ascii: "/") else { return nil }
                stage = .secondSlash
            case .secondSlash:
                guard byte == UInt8(ascii: "/") else { return nil }
                hostStart = offset + 1
                stage = .host
            case .host:
                if isHostByte(byte) {
                    suffix.append(byte)
                    continue scan
                }
                hostEnd = offset
                if byte == UInt8(ascii: ":") {
                    stage = .port
                    continue scan
                }
                guard isPathStart(byte) else { return nil }
                break scan
            case .port:
                if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { continue scan }
                guard isPathStart(byte) else { return nil }
                break scan
            }
        }
        switch stage {
        // The URL ended in the host: it ends after the last byte read.
        case .host: hostEnd = hostEnd ?? offset + 1
        case .port: break
        default: return nil
        }
        guard let hostEnd, hostEnd > hostStart, !suffix.isInvalid else { return nil }
        return hostStart..<hostEnd
    }

    /// Whether `byte` ends a URL's authority: a path, a query or a fragment starts.
    private static func isPathStart(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#")
    }

    /// A host's bytes, fed one at a time, kept only as far as telling whether the host is under `.invalid`
    /// (RFC 6761): its last label, a final dot aside, is `invalid` in any case, alone or after a dot.
    struct InvalidSuffix {
        /// The last eight bytes, the latest lowest; the one before them; how many there were.
        private var lastEight: UInt64 = 0
        private var ninth: UInt8 = 0
        private var count = 0

        mutating func append(_ byte: UInt8) {
            ninth = UInt8(truncatingIfNeeded: lastEight >> 56)
            lastEight = lastEight << 8 | UInt64(byte)
            count += 1
        }

        var isInvalid: Bool {
            let dotted = lastEight & 0xFF == UInt64(UInt8(ascii: "."))
            let label = (dotted ? lastEight >> 8 : lastEight) & 0x00FF_FFFF_FFFF_FFFF
            let labelLength = dotted ? count - 1 : count
            let before = dotted ? ninth : UInt8(truncatingIfNeeded: lastEight >> 56)
            // Lower-cased byte by byte (setting bit 5 lower-cases a letter and makes no other byte one).
            let invalid: UInt64 = 0x69_6E_76_61_6C_69_64  // "invalid"
            return label | 0x0020_2020_2020_2020 == invalid && (labelLength == 7 || before == UInt8(ascii: "."))
        }
    }

    private static func isHostByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "-"):
            true
        default: false
        }
    }

    /// The URL checks through the URL's own accessors, for every URL ``ordinaryHost(in:)`` does not vouch for.
    private static func checkURL(_ url: URL) throws(TransportError) {
        guard let scheme = url.scheme else {
            throw TransportError(code: .badURL, requestSent: false, message: "URL has no scheme")
        }
        guard HTTPHeaders.equalNames(scheme, "http") || HTTPHeaders.equalNames(scheme, "https") else {
            throw TransportError(
                code: .unsupportedURL, requestSent: false, message: "unsupported URL scheme '\(scheme)'")
        }
        guard let host = url.host(percentEncoded: true), !host.isEmpty else {
            throw TransportError(code: .badURL, requestSent: false, message: "URL has no host")
        }
        if isReservedInvalid(host) {
            throw TransportError(
                code: .cannotFindHost, requestSent: false,
                message: "host '\(host)' is under .invalid, which never resolves (RFC 6761)")
        }
    }

    /// Whether a field is one the transport owns (message framing) and ignores from the caller.
    static func isFramingField(_ name: String) -> Bool {
        HTTPHeaders.equalNames(name, "Content-Length") || HTTPHeaders.equalNames(name, "Transfer-Encoding")
    }

    /// Methods RFC 9110 calls idempotent, plus `QUERY` (safe by its draft): only these may be resent
    /// automatically after a connection died without an answer.
    static func isIdempotent(_ method: String) -> Bool {
        switch method {
        case "GET", "HEAD", "OPTIONS", "TRACE", "PUT", "DELETE", "QUERY": true
        default: false
        }
    }

    /// Methods whose missing body still gets `Content-Length: 0` (servers may answer 411 otherwise).
    static func sendsEmptyBody(_ method: String) -> Bool {
        method == "POST" || method == "PUT" || method == "PATCH"
    }

    private static func isReservedInvalid(_ host: String) -> Bool {
        var suffix = InvalidSuffix()
        for byte in host.utf8 { suffix.append(byte) }
        return suffix.isInvalid
    }

    private static func isToken(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy(isTokenByte)
    }

    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }
}
