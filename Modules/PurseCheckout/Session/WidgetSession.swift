import ErrorCore
import Foundation

/// A client session as `widgetData` carries it: base64 (padding optional) of the version 2 JSON
/// `{"v":2,"session_id","session_secret","api_root","environment","expires_at","amount","currency",
/// "redirection_url"}`. `expires_at` is an RFC 3339 string or a number of Unix seconds.
///
/// The secret is never shown: `description` and the mirror name the session id only.
///
/// A class: every request's ``CheckoutAPI``, every submission's plan and the validator carry the
/// session, and a reference is one retain where a struct of a dozen strings and URLs was a dozen.
final class WidgetSession: Sendable, Equatable, CustomStringConvertible, CustomReflectable {
    let sessionID: String
    let secret: String
    /// The Checkout API's root; the contract's paths are appended to it.
    let apiRoot: String
    let environment: String
    let expiresAt: Date
    let amount: Int
    let currency: String
    let redirectionURL: String?
    /// Each endpoint's URL, resolved once here rather than on every request (an endpoint the API root
    /// cannot address is absent, and its requests fail as unsendable).
    let endpointURLs: [CheckoutEndpoint: URL]
    /// The `Authorization` header's value.
    let authorization: String

    /// Decodes `widgetData`.
    ///
    /// Throws ``PurseCheckoutError/sessionMalformed(reason:)`` when it is not base64, not a JSON
    /// object, not version 2, or lacks a field; the reason never quotes the data.
    init(widgetData: String) throws(PurseCheckoutError) {
        guard let bytes = Self.base64Decoded(widgetData) else {
            throw .sessionMalformed(reason: "it is not base64")
        }
        guard let first = bytes.first, first == UInt8(ascii: "{"),
            let object = (try? JSONDecoder().decode(AnyCodableValue.self, from: bytes))?.objectValue
        else { throw .sessionMalformed(reason: "it does not hold a JSON object") }
        guard let version = object["v"]?.intValue else { throw .sessionMalformed(reason: "it has no version (v)") }
        guard version == 2 else { throw .sessionMalformed(reason: "version \(version) is not supported (expected 2)") }

        func string(_ key: String) throws(PurseCheckoutError) -> String {
            guard let value = object[key]?.stringValue, !value.isEmpty else {
                throw .sessionMalformed(reason: "\(key) is missing or not a string")
            }
            return value
        }
        sessionID = try string("session_id")
        guard sessionID.utf8.count <= 128, sessionID.utf8.allSatisfy(Self.isIDByte) else {
            throw .sessionMalformed(reason: "session_id has characters a session id cannot have")
        }
        secret = try string("session_secret")
        apiRoot = try string("api_root")
        guard let root = URL(string: apiRoot), ["http", "https"].contains(root.scheme?.lowercased() ?? ""),
            root.host != nil, root.query == nil, root.fragment == nil
        else { throw .sessionMalformed(reason: "api_root is not an http(s) URL without a query") }
        environment = object["environment"]?.stringValue ?? "production"
        // The contract leaves its type open and servers send both: an RFC 3339 string, or Unix seconds.
        switch object["expires_at"] {
        case .string(let text)?:
            guard let expires = ISO8601Timestamp.date(from: text) else {
                throw .sessionMalformed(reason: "expires_at is not an ISO 8601 date")
            }
            expiresAt = expires
        case .int(let seconds)? where seconds >= 0:
            expiresAt = Date(timeIntervalSince1970: TimeInterval(seconds))
        case .double(let seconds)? where seconds.isFinite && seconds >= 0:
            expiresAt = Date(timeIntervalSince1970: seconds)
        case nil, .null?:
            throw .sessionMalformed(reason: "expires_at is missing")
        default:
            throw .sessionMalformed(reason: "expires_at is not an ISO 8601 date or Unix seconds")
        }
        guard let amount = object["amount"]?.intValue, amount >= 0 else {
            throw .sessionMalformed(reason: "amount is missing or not a whole number of minor units")
        }
        self.amount = amount
        currency = try string("currency")
        redirectionURL = object["redirection_url"]?.stringValue
        authorization = "Bearer \(secret)"
        var urls: [CheckoutEndpoint: URL] = [:]
        for endpoint in CheckoutEndpoint.allCases {
            // One slash between root and path whether or not `api_root` ends with one: `…//vault/…`
            // would be another spelling of the vault's path for every policy that reads it raw.
            urls[endpoint] = try? PathEncoding.url(base: root, path: [.literal(endpoint.path(sessionID: sessionID))])
        }
        endpointURLs = urls
    }

    /// The same session: every field `widgetData` carried is equal.
    static func == (lhs: WidgetSession, rhs: WidgetSession) -> Bool {
        lhs.sessionID == rhs.sessionID && lhs.secret == rhs.secret && lhs.apiRoot == rhs.apiRoot
            && lhs.environment == rhs.environment && lhs.expiresAt == rhs.expiresAt && lhs.amount == rhs.amount
            && lhs.currency == rhs.currency && lhs.redirectionURL == rhs.redirectionURL
    }

    /// `widgetData` as bytes: standard base64 with or without its `=` padding, surrounding
    /// whitespace ignored.
    static func base64Decoded(_ text: String) -> Data? {
        var text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        while text.hasSuffix("=") { text.removeLast() }
        switch text.utf8.count % 4 {
        case 0: break
        case 2: text += "=="
        case 3: text += "="
        default: return nil
        }
        guard !text.isEmpty else { return nil }
        return Data(base64Encoded: text)
    }

    /// `A–Z a–z 0–9 _ -`: what a session id may hold, so it is safe in a path and a store key.
    private static func isIDByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
            true
        default: false
        }
    }

    /// `WidgetSession(cs_…, 4999 EUR, sandbox)`: no secret.
    var description: String { "WidgetSession(\(sessionID), \(amount) \(currency), \(environment))" }

    /// The session id, amount and currency only.
    var customMirror: Mirror {
        Mirror(self, children: ["sessionID": sessionID, "amount": amount, "currency": currency], displayStyle: .class)
    }
}
