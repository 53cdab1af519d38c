import Foundation

/// What the emulator answered.
public struct EmulatorTestResponse: Sendable {
    /// The HTTP status.
    public let status: Int
    /// Header fields by lowercased name.
    public let headers: [String: String]
    /// The body bytes.
    public let body: Data

    /// The value of header `name`, case-insensitive.
    public func header(_ name: String) -> String? { headers[name.lowercased()] }

    /// The body as UTF-8 text.
    public var text: String { String(decoding: body, as: UTF8.self) }

    /// The body as a JSON object, or nil when it is not one.
    public func jsonObject() -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: body)) as? [String: Any]
    }
}
