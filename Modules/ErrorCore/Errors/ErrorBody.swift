import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What the three envelope readers share: reading a body that may be anything, and headers.
enum ErrorBody {
    /// The body as a JSON object, or `nil` when it is not one (empty, not JSON, invalid UTF-8,
    /// truncated, an array, a scalar, `null`, nested deeper than the decoder allows). Never throws.
    static func jsonObject(_ body: Data) -> [String: AnyCodableValue]? {
        guard let first = body.first(where: { !isJSONWhitespace($0) }), first == UInt8(ascii: "{") else {
            return nil
        }
        return (try? decoder.decode(AnyCodableValue.self, from: body))?.objectValue
    }

    /// The body as trimmed text, cut to `limit` characters, when it is non-empty valid UTF-8.
    static func text(_ body: Data, limit: Int) -> String? {
        // Validate only what can end up in the message: cutting at a byte count may split a
        // character, so take a little more and trim at the character level below.
        let prefix = body.prefix(limit * 4 + 4)
        let decoded = UTF8Text.validating(prefix) ?? lenientPrefix(prefix, total: body.count)
        guard let decoded else { return nil }
        let trimmed = decoded.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        return String(trimmed.prefix(limit))
    }

    /// A prefix cut inside a multi-byte character fails validation only at its end; accept it
    /// when dropping up to three trailing bytes makes it valid and the body went on past the cut.
    private static func lenientPrefix(_ prefix: Data, total: Int) -> String? {
        guard prefix.count < total else { return nil }
        for drop in 1...3 where drop < prefix.count {
            if let text = UTF8Text.validating(prefix.dropLast(drop)) { return text }
        }
        return nil
    }

    /// The first value of header `name`, compared case-insensitively.
    static func header(_ name: String, in headers: [String: String]) -> String? {
        if let exact = headers[name] { return exact }
        let lowered = name.lowercased()
        return headers.first { $0.key.lowercased() == lowered }?.value
    }

    /// A string member that is present and not blank.
    static func nonBlankString(_ value: AnyCodableValue?) -> String? {
        nonBlank(value?.stringValue)
    }

    /// `text` unless it is missing, empty or only whitespace.
    static func nonBlank(_ text: String?) -> String? {
        guard let text, !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
        return text
    }

    /// The system's description of an HTTP status (`Conflict`, `Service Unavailable`).
    static func statusText(_ status: Int) -> String {
        HTTPURLResponse.localizedString(forStatusCode: status)
    }

    private static func isJSONWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static let decoder = JSONDecoder()
}
