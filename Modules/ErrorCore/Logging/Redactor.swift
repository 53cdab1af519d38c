import Foundation

/// The one place where request and response data is made safe to log. Every SDK's debug trace
/// and the emulator's diagnostics pass headers, URLs, bodies and error text through it before they
/// are written anywhere.
///
/// What it masks: the value of every header, JSON member, form or query parameter and `name=value`
/// pair of free text whose name ``isSensitiveName(_:)`` calls secret. That is one rule for header
/// names and field names alike, case-insensitive and matched on word boundaries (`_`, `-`,
/// camelCase, digits): names containing `token`, `secret`, `password`, `passwd`, `passphrase`,
/// `apikey`/`api-key`, `private_key`, `credential`, `signature`, `cookie`, `session`,
/// `authorization`/`authentication`, or with a word `auth`, `otp`, `pin`, `cvc`, `cvv`, `card`,
/// `pwd` or `jwt` (`X-Auth-Token`, `X-Amz-Security-Token`, `card_number`, `pinCode`; not
/// `shipping`, `author` or `discard`), plus ``standardNames`` (`DPoP`, the App Attest headers, …) and
/// any extra names given. The
/// vectors in `Specs/vectors/redaction.json` pin the rule both ways: what is masked, and what stays
/// readable for debugging (`Content-Type`, `X-Request-Id`, `Idempotency-Key`, `page`, `title`).
///
/// - Headers: an `Authorization`-type value keeps its scheme (`Bearer <redacted>`) because the
///   scheme helps debugging and is no secret; every other value becomes `<redacted>`.
///   Proof-of-work headers are not masked: a solved nonce is single-use and grants nothing.
/// - Fields at any depth of a JSON body, inside JSON text nested in string values, in form bodies
///   and free text (`password=x`, `card[number]=x`, `"password":"x"` in JSON that does not parse),
///   and URL query or fragment parameters. The whole value is replaced, whatever its type (a
///   `card` object goes whole) — except a JSON `true`/`false`/`null`, which holds no secret and
///   is kept (`"has_password":true`).
/// - The password of a URL's user info.
///
/// Bodies are cut to ``bodyLimit`` bytes after masking, with a `…(N bytes)` marker giving the full
/// size. Bodies that are not UTF-8 text show as `<binary, N bytes>`, multipart bodies as
/// `<multipart, N bytes>` (their parts may be files or form fields that no rule can see into).
public struct Redactor: Sendable {
    /// The text that replaces a secret.
    public static let mask = "<redacted>"
    /// Names masked although the word rule does not catch them: `DPoP` (a signed proof),
    /// `code_verifier` (PKCE), `widget_data`, and the App Attest headers `X-Palbase-Attest-Key` (which
    /// names the device's key) and `X-Palbase-Attest-Assertion` (a signed proof).
    public static let standardNames: Set<String> = [
        "dpop", "code_verifier", "widget_data", "x-palbase-attest-key", "x-palbase-attest-assertion",
    ]
    /// The redactor with the standard rules and a 2 KB body limit.
    public static let standard = Redactor()

    /// Names masked besides the word rule, normalized: lowercased, without `_`, `-`, `.` and other
    /// separators (``standardNames`` plus the initializer's extra names).
    public let sensitiveNames: Set<String>
    /// The most bytes of a body shown (at least 16, whatever the initializer was given).
    public let bodyLimit: Int
    /// JSON bodies up to this size are parsed and masked structurally; larger ones are shown
    /// from their first ``bodyLimit`` bytes, masked as text.
    let structuralLimit = 256 * 1024

    /// A redactor with the standard rule plus `extraHeaders` and `extraFields` (any spelling; both
    /// extend the one list of names, for headers and fields alike).
    public init(extraHeaders: [String] = [], extraFields: [String] = [], bodyLimit: Int = 2048) {
        sensitiveNames = Set((Self.standardNames.union(extraHeaders).union(extraFields)).map(Self.normalizedName))
        self.bodyLimit = max(bodyLimit, 16)
    }

    /// Whether a header's value must be masked: ``isSensitiveName(_:)``.
    public func isSensitiveHeader(_ name: String) -> Bool {
        isSensitiveName(name)
    }

    /// Whether a field's or parameter's value must be masked: ``isSensitiveName(_:)``.
    public func isSensitiveField(_ name: String) -> Bool {
        isSensitiveName(name)
    }

    /// The value to log for header `name`: unchanged, `<scheme> <redacted>` for an
    /// `Authorization`-type header with a scheme, or `<redacted>`.
    public func redact(header name: String, value: String) -> String {
        guard isSensitiveHeader(name) else { return value }
        let lowered = name.lowercased()
        if lowered == "authorization" || lowered == "proxy-authorization",
            let space = value.firstIndex(of: " "),
            value[..<space].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }),
            space != value.startIndex
        {
            return "\(value[..<space]) \(Self.mask)"
        }
        return Self.mask
    }

    /// `headers` with every sensitive value masked.
    public func redactedHeaders(_ headers: [String: String]) -> [String: String] {
        Dictionary(uniqueKeysWithValues: headers.map { ($0.key, redact(header: $0.key, value: $0.value)) })
    }

    /// `fields` (in order, duplicates kept) with every sensitive value masked.
    public func redactedHeaders(_ fields: [(name: String, value: String)]) -> [(name: String, value: String)] {
        fields.map { ($0.name, redact(header: $0.name, value: $0.value)) }
    }

    /// The URL as text with sensitive query and fragment parameters and any user-info password
    /// masked: `https://h/cb?code=1&access_token=<redacted>`.
    public func redactedURL(_ url: URL) -> String {
        redactedURL(url.absoluteString)
    }

    /// ``redactedURL(_:)-(URL)`` for URL text (which need not parse as a URL).
    public func redactedURL(_ text: String) -> String {
        var rest = Substring(text)
        var fragment: Substring?
        if let hash = rest.firstIndex(of: "#") {
            fragment = rest[rest.index(after: hash)...]
            rest = rest[..<hash]
        }
        var query: Substring?
        if let question = rest.firstIndex(of: "?") {
            query = rest[rest.index(after: question)...]
            rest = rest[..<question]
        }
        var output = redactingUserInfo(rest)
        if let query { output += "?" + redactedParameters(query) }
        if let fragment { output += "#" + redactedParameters(fragment) }
        return maskingCardNumbers(in: output)
    }

    /// A body as log text: masked, cut to ``bodyLimit`` bytes, or summarized when it is binary or
    /// multipart. An empty body gives an empty string.
    public func redactedBody(_ body: Data, contentType: String? = nil) -> String {
        guard !body.isEmpty else { return "" }
        if let contentType, contentType.lowercased().contains("multipart/") {
            return "<multipart, \(body.count) bytes>"
        }
        if body.count <= structuralLimit, let first = body.first(where: { $0 > 0x20 }),
            first == UInt8(ascii: "{") || first == UInt8(ascii: "["),
            let json = try? AnyCodableValue(parsingJSON: body)
        {
            return truncated(redactedJSON(json).jsonText, complete: true, totalBytes: body.count)
        }
        guard let text = Self.textPrefix(of: body, limit: bodyLimit) else {
            return "<binary, \(body.count) bytes>"
        }
        return truncated(redactedText(text), complete: body.count <= bodyLimit, totalBytes: body.count)
    }

    /// `value` with every sensitive member masked at any depth, and ``redactedText(_:)`` applied
    /// to every string (JSON or form text nested in a string value).
    public func redactedJSON(_ value: AnyCodableValue) -> AnyCodableValue {
        switch value {
        case .object(let object):
            var result: [String: AnyCodableValue] = [:]
            result.reserveCapacity(object.count)
            for (key, member) in object {
                switch member {
                case .bool, .null: result[key] = member
                default: result[key] = isSensitiveField(key) ? .string(Self.mask) : redactedJSON(member)
                }
            }
            return .object(result)
        case .array(let array):
            return .array(array.map(redactedJSON))
        case .string(let string):
            return .string(redactedText(string))
        case .int(let number) where Self.isCardNumber(number):
            return .string(Self.mask)
        case .int, .double, .bool, .null:
            return value
        }
    }

    /// `text` cut to ``bodyLimit`` UTF-8 bytes at a character boundary, with the size marker when
    /// anything was cut here or before (`complete` is false when `text` shows only a prefix).
    private func truncated(_ text: String, complete: Bool, totalBytes: Int) -> String {
        guard text.utf8.count > bodyLimit else {
            return complete ? text : "\(text)…(\(totalBytes) bytes)"
        }
        var bytes = 0
        var end = text.startIndex
        for character in text {
            bytes += character.utf8.count
            if bytes > bodyLimit { break }
            end = text.index(after: end)
        }
        return "\(text[..<end])…(\(totalBytes) bytes)"
    }

    /// The first `limit` bytes of `body` as text, or `nil` when they are not UTF-8 text (invalid
    /// sequences, NUL or other control characters besides tab and line breaks).
    private static func textPrefix(of body: Data, limit: Int) -> String? {
        var prefix = body.prefix(limit)
        var text = UTF8Text.validating(prefix)
        if text == nil, prefix.count < body.count {
            // The cut may have split a character: drop its partial bytes.
            for _ in 0..<3 where text == nil && !prefix.isEmpty {
                prefix = prefix.dropLast()
                text = UTF8Text.validating(prefix)
            }
        }
        guard let text else { return nil }
        let isText = text.unicodeScalars.allSatisfy { scalar in
            scalar.value >= 0x20 || scalar == "\n" || scalar == "\r" || scalar == "\t"
        }
        return isText ? text : nil
    }
}
