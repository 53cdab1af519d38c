import Foundation

/// A stable Purse error code, shared with the web SDK (`EXPIRED_SESSION`, `UNKNOWN_ERROR`, …).
///
/// Codes are an open set, so this is a string-backed struct rather than a closed enum: a code the
/// server adds later still arrives intact. Known codes are static members, so a `switch` reads like
/// one over an enum (`case .expiredSession:`). Every known code, its raw value and its link are kept
/// as data in `Specs/vectors/purse-error-codes.json`.
public struct PurseErrorCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The wire value, e.g. `"EXPIRED_SESSION"`.
    public let rawValue: String

    /// Wraps a wire value.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The raw value.
    public var description: String { rawValue }

    /// The error-codes reference page for this code: the reference's URL with the lowercased code
    /// as its fragment (`…/error-codes#expired_session`).
    public var documentationLink: URL {
        let base = "https://docs.purse.tech/docs/integrate/purse-checkout/headless-checkout/error-handling/error-codes"
        // Codes are [A-Z0-9_]; anything a fragment cannot hold is percent-encoded so the link parses.
        let anchor = rawValue.lowercased().addingPercentEncoding(withAllowedCharacters: .urlFragmentAllowed) ?? ""
        return URL(string: "\(base)#\(anchor)")!
    }
}
