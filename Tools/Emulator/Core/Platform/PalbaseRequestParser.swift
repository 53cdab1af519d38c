import Foundation

/// Splits a raw Palbase path and query into the decoded parts route handlers see, refusing what no route
/// should ever receive.
package enum PalbaseRequestParser {
    /// The percent-decoded, non-empty segments of `path`.
    ///
    /// Throws 400 `bad_request` for broken percent-encoding, `.`/`..` segments (raw or encoded: path
    /// traversal) and NUL characters.
    package static func segments(of path: String) throws -> [String] {
        try path.split(separator: "/", omittingEmptySubsequences: true).map { raw in
            guard let decoded = String(raw).removingPercentEncoding else {
                throw PalbaseHTTPError.badRequest("Invalid percent-encoding in the path")
            }
            guard decoded != ".", decoded != "..", !decoded.contains("\0") else {
                throw PalbaseHTTPError.badRequest("Invalid path segment")
            }
            return decoded
        }
    }

    /// The percent-decoded `name=value` pairs of `query`, in wire order (a bare `name` has an empty value).
    ///
    /// `+` stays a plus: the SDKs encode a space as `%20`. Throws 400 `bad_request` for broken encoding.
    package static func query(_ query: String?) throws -> [(name: String, value: String)] {
        guard let query, !query.isEmpty else { return [] }
        return try query.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = String(parts[0]).removingPercentEncoding,
                let value = String(parts.count > 1 ? parts[1] : "").removingPercentEncoding
            else { throw PalbaseHTTPError.badRequest("Invalid percent-encoding in the query") }
            return (name, value)
        }
    }
}
