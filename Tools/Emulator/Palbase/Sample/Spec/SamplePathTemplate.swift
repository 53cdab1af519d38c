import EmulatorCore

/// One path of the OpenAPI document (`/todos/{id}/lock`) and the operations it holds, matched against a
/// request's percent-decoded segments.
///
/// A parameter is a whole segment, so `/todos/..%2F..` is the todo id `../..` (which then simply does not
/// exist) and can never climb out of its route.
struct SamplePathTemplate: Sendable {
    /// One segment: text that must be equal, or a named parameter that takes any segment.
    enum Segment: Sendable, Equatable {
        case literal(String)
        case parameter(String)
    }

    /// The template as the document writes it.
    let text: String
    /// Its segments (empty ones dropped, as the request's are).
    let segments: [Segment]
    /// The operation id at each wire method (`GET`, `QUERY`, …).
    var operations: [String: String] = [:]

    /// Parses `text`; throws the reason it is not a template the backend can match.
    init(_ text: String, at node: SampleSpecValue) throws(SampleSpecError) {
        guard text.hasPrefix("/") else { throw node.failure("a path must start with /") }
        var segments: [Segment] = []
        for piece in text.split(separator: "/") {
            if piece.hasPrefix("{") && piece.hasSuffix("}") && piece.count > 2 {
                let name = String(piece.dropFirst().dropLast())
                guard !name.contains("{") && !name.contains("}") else {
                    throw node.failure("a path parameter must be a whole segment, as {name}")
                }
                guard !segments.contains(.parameter(name)) else { throw node.failure("{\(name)} appears twice") }
                segments.append(.parameter(name))
            } else {
                guard !piece.contains("{") && !piece.contains("}") else {
                    throw node.failure("a path parameter must be a whole segment, as {name}")
                }
                segments.append(.literal(String(piece)))
            }
        }
        self.text = text
        self.segments = segments
    }

    /// The parameter names, in path order.
    var parameterNames: [String] {
        segments.compactMap { if case .parameter(let name) = $0 { name } else { nil } }
    }

    /// The parameters by name when `request` matches, else nil.
    func match(_ request: [String]) -> [String: String]? {
        guard request.count == segments.count else { return nil }
        var parameters: [String: String] = [:]
        for (segment, value) in zip(segments, request) {
            switch segment {
            case .literal(let text): guard text == value else { return nil }
            case .parameter(let name): parameters[name] = value
            }
        }
        return parameters
    }

    /// What two templates matching the same requests share: the literals in place, `{}` for parameters.
    var shape: [String?] {
        segments.map { if case .literal(let text) = $0 { text } else { nil } }
    }

    /// Orders templates so the first that matches a request is the most specific one: at the first segment
    /// where two differ in kind, text comes before a parameter (`/rooms/search` before `/rooms/{id}`).
    static func isMoreSpecific(_ lhs: SamplePathTemplate, than rhs: SamplePathTemplate) -> Bool {
        for (left, right) in zip(lhs.segments, rhs.segments) {
            switch (left, right) {
            case (.literal, .parameter): return true
            case (.parameter, .literal): return false
            default: continue
            }
        }
        return lhs.segments.count < rhs.segments.count
    }
}
