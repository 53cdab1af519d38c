import Emulator
import ErrorCore
import Foundation

@testable import EmulatorCore
@testable import EmulatorPalbase

/// A read-only path into an `AnyCodableValue` for tests (`view["paths"]["/todos"]["get"].string`).
///
/// A wrapper rather than an extension so the test helpers can never clash with members the values branch
/// gives `AnyCodableValue`. A missing key or index yields an empty view, never a trap.
struct SampleJSONView: Sendable {
    let value: AnyCodableValue?

    init(_ value: AnyCodableValue?) { self.value = value }

    /// Parses JSON bytes; an empty view when they are not JSON.
    init(json data: Data) { value = SampleJSON.parse(data) }

    subscript(key: String) -> SampleJSONView {
        if case .object(let members) = value { return SampleJSONView(members[key]) }
        return SampleJSONView(nil)
    }

    subscript(index: Int) -> SampleJSONView {
        if case .array(let elements) = value, elements.indices.contains(index) {
            return SampleJSONView(elements[index])
        }
        return SampleJSONView(nil)
    }

    var exists: Bool { value != nil }
    var isNull: Bool { value == .null }

    var string: String? {
        if case .string(let string) = value { return string }
        return nil
    }

    var int: Int? {
        if case .int(let int) = value { return int }
        return nil
    }

    var double: Double? {
        switch value {
        case .double(let double): double
        case .int(let int): Double(int)
        default: nil
        }
    }

    var bool: Bool? {
        if case .bool(let bool) = value { return bool }
        return nil
    }

    var members: [String: AnyCodableValue] {
        if case .object(let members) = value { return members }
        return [:]
    }

    var elements: [SampleJSONView] {
        if case .array(let elements) = value { return elements.map(SampleJSONView.init) }
        return []
    }

    var strings: [String] { elements.compactMap(\.string) }
}

/// Walking, JSON-pointer resolution and structural diffs of JSON trees, for the OpenAPI tests.
enum SampleJSONTree {
    /// Calls `visit` with every object member anywhere in `value`.
    static func walk(_ value: AnyCodableValue, _ visit: (String, AnyCodableValue) -> Void) {
        switch value {
        case .object(let members):
            for (key, member) in members {
                visit(key, member)
                walk(member, visit)
            }
        case .array(let elements):
            for element in elements { walk(element, visit) }
        default:
            break
        }
    }

    /// The value at a local reference such as `#/components/schemas/Todo` (with `~1`/`~0` escapes), or nil.
    static func resolve(pointer: String, in document: AnyCodableValue) -> AnyCodableValue? {
        guard pointer.hasPrefix("#/") else { return nil }
        var current: AnyCodableValue? = document
        for token in pointer.dropFirst(2).split(separator: "/", omittingEmptySubsequences: false) {
            let key = token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            guard case .object(let members) = current else { return nil }
            current = members[key]
        }
        return current
    }

    /// Human-readable paths where `lhs` and `rhs` differ; empty when equal.
    static func differences(_ lhs: AnyCodableValue?, _ rhs: AnyCodableValue?, at path: String = "") -> [String] {
        switch (lhs, rhs) {
        case (.object(let left), .object(let right)):
            return Set(left.keys).union(right.keys).sorted().flatMap {
                differences(left[$0], right[$0], at: "\(path)/\($0)")
            }
        case (.array(let left), .array(let right)) where left.count == right.count:
            return zip(left, right).enumerated().flatMap {
                differences($0.element.0, $0.element.1, at: "\(path)/\($0.offset)")
            }
        default:
            return lhs == rhs ? [] : ["\(path.isEmpty ? "/" : path): \(describe(lhs)) ≠ \(describe(rhs))"]
        }
    }

    private static func describe(_ value: AnyCodableValue?) -> String {
        guard let value else { return "(absent)" }
        let text = String(decoding: SampleJSON.render(value), as: UTF8.self)
        return text.count > 80 ? String(text.prefix(80)) + "…" : text
    }
}

/// One operation of an OpenAPI document: its path, HTTP method key and node.
struct SampleDocumentOperation {
    static let methodKeys: Set<String> = ["get", "put", "post", "delete", "options", "head", "patch", "trace", "query"]

    let path: String
    let method: String
    let node: SampleJSONView

    var id: String { node["operationId"].string ?? "" }

    /// Every operation, sorted by path then method.
    static func all(in document: SampleJSONView) -> [SampleDocumentOperation] {
        document["paths"].members.keys.sorted().flatMap { path in
            document["paths"][path].members.keys.sorted().filter(methodKeys.contains).map { method in
                SampleDocumentOperation(path: path, method: method, node: document["paths"][path][method])
            }
        }
    }
}
