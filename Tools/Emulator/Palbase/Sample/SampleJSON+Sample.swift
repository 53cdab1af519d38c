import EmulatorCore
import ErrorCore
import Foundation

extension SampleJSON {
    /// Encodes a spec value: sorted keys, unescaped slashes, pretty-printed when asked.
    ///
    /// It takes the camelCase-wire encoder (keys unchanged): a `SampleSpecNode` object encodes through a keyed
    /// container, which the snake_case strategy would rewrite (`operationId` → `operation_id`).
    package static func render(_ node: SampleSpecNode, pretty: Bool) -> Data {
        let encoder = SDKCoders.camelCaseEncoder()
        if pretty { encoder.outputFormatting.insert(.prettyPrinted) }
        return render(node, with: encoder)
    }

    /// A timestamp rendered by `SampleTimestamp`, or JSON null for nil.
    package static func timestamp(_ milliseconds: Int64?) -> AnyCodableValue {
        milliseconds.map { .string(SampleTimestamp.format($0)) } ?? .null
    }

    private static func render(_ value: some Encodable, with encoder: JSONEncoder) -> Data {
        // JSON trees of strings, numbers and nested containers always encode; a non-finite double (the only
        // failure) cannot come from parsed JSON, and renders as null rather than failing a response.
        (try? encoder.encode(value)) ?? Data("null".utf8)
    }
}
