/// An access or refresh token: its text for the wire and the store only.
///
/// Every way Swift prints or reflects a value (`description`, `debugDescription`, `dump`, `Mirror`)
/// shows `<redacted>`, so a token held anywhere inside the client cannot leak through a log line or
/// a debugger dump of a containing value.
package struct SecretToken: Sendable, Equatable, Codable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    /// The token as the server issued it.
    package let value: String

    /// A token with its text.
    package init(_ value: String) {
        self.value = value
    }

    /// Decodes a non-empty JSON string.
    package init(from decoder: any Decoder) throws {
        let value = try decoder.singleValueContainer().decode(String.self)
        guard !value.isEmpty else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "an empty token"))
        }
        self.value = value
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }

    package var description: String { "<redacted>" }
    package var debugDescription: String { "<redacted>" }
    package var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}
