import Foundation

/// Builds request paths and URLs the way the web SDKs do, byte for byte.
package enum PathEncoding {
    /// The path text for `segments`, without a leading slash: literals verbatim (slashes at their
    /// ends trimmed; an empty literal is skipped), params percent-encoded with
    /// ``PercentEncoding/encodeURIComponent(_:)``, joined with `/`.
    ///
    /// `["todos", .param("a b/c"), "archive"]` gives `todos/a%20b%2Fc/archive`; `"/todos"` and
    /// `"todos"` give the same path. A param is never dropped or trimmed, even when empty, because
    /// it is the caller's data (`.param("")` gives an empty segment, as in the web SDK).
    ///
    /// One deliberate difference from `encodeURIComponent`: a param that is exactly `.` or `..` is
    /// sent as `%2E` or `%2E%2E`. Left bare, URL normalization (curl, URLSession, browsers) would
    /// resolve it away and the request would reach another route.
    package static func path(_ segments: [PathSegment]) -> String {
        var parts: [String] = []
        parts.reserveCapacity(segments.count)
        for segment in segments {
            switch segment {
            case .literal(let text):
                let trimmed = text.trimmingSlashes()
                if !trimmed.isEmpty { parts.append(trimmed) }
            case .param("."):
                parts.append("%2E")
            case .param(".."):
                parts.append("%2E%2E")
            case .param(let value):
                parts.append(PercentEncoding.encodeURIComponent(value))
            }
        }
        return parts.joined(separator: "/")
    }

    /// `base` + `/` + ``path(_:)`` + (`?` + `query` when `query` is not empty), with exactly one
    /// slash between the base and the path whether or not the base ends with one.
    ///
    /// - Parameters:
    ///   - base: the API root, e.g. `http://127.0.0.1:54321` or `https://www.chatbase.co/api/sdk/`.
    ///     It may carry a path but no query or fragment.
    ///   - segments: the route; an empty list gives the base itself (without a trailing slash).
    ///   - query: an already-encoded query string (``QueryEncoding/queryString(for:)``), no `?`.
    /// - Throws: ``RequestEncodingError/unusableBaseURL(_:)`` when the base has a query or
    ///   fragment, or the result does not parse as a URL.
    package static func url(
        base: URL, path segments: [PathSegment], query: String = ""
    ) throws(RequestEncodingError)
        -> URL
    {
        let baseText = base.absoluteString
        // Byte search: `String.contains(String)` goes through Foundation's slow bridged search on Linux.
        guard !baseText.utf8.contains(UInt8(ascii: "?")), !baseText.utf8.contains(UInt8(ascii: "#")) else {
            throw .unusableBaseURL(baseText)
        }
        var text = baseText
        while text.hasSuffix("/") { text.removeLast() }
        let pathText = path(segments)
        if !pathText.isEmpty { text += "/" + pathText }
        if !query.isEmpty { text += "?" + query }
        guard let url = URL(string: text), url.scheme != nil, url.host != nil else {
            throw .unusableBaseURL(baseText)
        }
        return url
    }
}

extension String {
    fileprivate func trimmingSlashes() -> String {
        guard let first = firstIndex(where: { $0 != "/" }) else { return "" }
        let last = lastIndex(where: { $0 != "/" })!
        return String(self[first...last])
    }
}
