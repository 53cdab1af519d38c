import EmulatorCore
import Foundation
import HTTPServer

/// What the simulated providers' pages answer a browser: a small HTML page, or a 302 back to the app with
/// parameters in its query. Never cached. Shared by the browser transaction's page (`OAuthProviderPage`) and
/// the native providers' authorize page (`SimulatedProvider`).
enum BrowserPage {
    /// A 302 to `target` with `parameters` appended to its query (after `?`, or `&` when it has one),
    /// each value percent-encoded.
    static func redirect(_ target: String, _ parameters: KeyValuePairs<String, String>) -> HTTPServerResponse {
        let query = parameters.map { "\($0.key)=\(percentEncoded($0.value))" }.joined(separator: "&")
        var headers = HTTPHeaders()
        headers.set("Location", target + (target.contains("?") ? "&" : "?") + query)
        headers.set("Cache-Control", "no-store")
        return HTTPServerResponse(status: 302, headers: headers)
    }

    /// An HTML page titled `title`; `body` is escaped into a paragraph unless `escaped` is false (a form the
    /// caller built, escaping what it interpolated).
    static func html(_ status: Int, _ title: String, _ body: String, escaped: Bool = true) -> HTTPServerResponse {
        var headers = HTTPHeaders()
        headers.set("Content-Type", "text/html; charset=utf-8")
        headers.set("Cache-Control", "no-store")
        let html = """
            <!doctype html><html><head><meta charset="utf-8"><title>\(escape(title))</title></head>
            <body><h1>\(escape(title))</h1>\(escaped ? "<p>\(escape(body))</p>" : body)</body></html>
            """
        return HTTPServerResponse(status: status, headers: headers, body: Data(html.utf8))
    }

    /// `text` safe inside an HTML element or a double-quoted attribute.
    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    /// Percent-encodes everything but RFC 3986's unreserved characters.
    static func percentEncoded(_ value: String) -> String {
        var allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
        allowed.formIntersection(.urlQueryAllowed)
        return value.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }

    /// The `name=value` pairs of a query or an `application/x-www-form-urlencoded` body, percent-decoded,
    /// with `+` read as a space (as an HTML form sends one); nil for broken encoding.
    static func formFields(_ text: String) -> [(name: String, value: String)]? {
        try? PalbaseRequestParser.query(text.replacingOccurrences(of: "+", with: "%20"))
    }
}
