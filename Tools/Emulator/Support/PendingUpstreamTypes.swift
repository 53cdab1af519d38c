import Foundation

// Stand-ins with the contracted shapes of two types other branches are still writing, so the emulator seams
// build today: `HTTPServerHeaders` (branch `server`, API-SERVER.md) and `AnyCodableValue` (branch `values`).
// This file is deleted in the commit that merges those branches; code written against these names keeps
// compiling unchanged because the real types have the same names and members.

/// Ordered header fields with case-insensitive lookup (stand-in for `HTTPServer.HTTPServerHeaders`).
package struct HTTPServerHeaders: Sendable, Sequence, ExpressibleByDictionaryLiteral {
    private var fields: [(name: String, value: String)]

    /// Creates headers from fields in wire order.
    package init(_ fields: [(name: String, value: String)] = []) { self.fields = fields }

    /// Creates headers from a literal.
    package init(dictionaryLiteral elements: (String, String)...) {
        fields = elements.map { (name: $0.0, value: $0.1) }
    }

    /// The first value of `name`, case-insensitive.
    package subscript(name: String) -> String? {
        fields.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// Every value of `name`, in wire order.
    package func values(for name: String) -> [String] {
        fields.filter { $0.name.caseInsensitiveCompare(name) == .orderedSame }.map(\.value)
    }

    /// Appends a field.
    package mutating func add(_ name: String, _ value: String) { fields.append((name: name, value: value)) }

    /// Replaces every value of `name` with one.
    package mutating func set(_ name: String, _ value: String) {
        remove(name)
        add(name, value)
    }

    /// Removes every value of `name`.
    package mutating func remove(_ name: String) {
        fields.removeAll { $0.name.caseInsensitiveCompare(name) == .orderedSame }
    }

    /// The fields in wire order.
    package func makeIterator() -> IndexingIterator<[(name: String, value: String)]> { fields.makeIterator() }
}

/// Any JSON value (stand-in for `ErrorCore.AnyCodableValue`).
package enum AnyCodableValue: Codable, Sendable, Equatable {
    case string(String), int(Int), double(Double), bool(Bool)
    case array([AnyCodableValue]), object([String: AnyCodableValue]), null

    /// Decodes any JSON value.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let int = try? container.decode(Int.self) {
            self = .int(int)
        } else if let double = try? container.decode(Double.self) {
            self = .double(double)
        } else if let object = try? container.decode([String: AnyCodableValue].self) {
            self = .object(object)
        } else {
            self = .array(try container.decode([AnyCodableValue].self))
        }
    }

    /// Encodes the value as JSON.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .bool(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        case .null: try container.encodeNil()
        }
    }
}

/// A parsed request (stand-in for `HTTPServer.HTTPServerRequest`).
package struct HTTPServerRequest: Sendable {
    package let method: String
    package let target: String
    package let path: String
    package let query: String?
    package let headers: HTTPServerHeaders
    package let body: Data
    package let remotePort: Int
    package let connectionID: Int

    /// Creates a request.
    package init(
        method: String, target: String, path: String, query: String?, headers: HTTPServerHeaders, body: Data,
        remotePort: Int, connectionID: Int
    ) {
        self.method = method
        self.target = target
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.remotePort = remotePort
        self.connectionID = connectionID
    }
}

/// Something a handler can write a streamed body into (stand-in).
package protocol HTTPResponseWriter: Sendable {
    func write(_ data: Data) async throws
}

/// A way to misbehave on purpose (stand-in for `HTTPServer.HTTPFault`).
package enum HTTPFault: Sendable, Equatable {
    case closeBeforeResponding
    case closeAfterHeaders
    case closeMidBody(afterBytes: Int)
    case delay(Duration)
    case malformedChunking
}

/// A response (stand-in for `HTTPServer.HTTPServerResponse`).
package struct HTTPServerResponse: Sendable {
    package enum Body: Sendable {
        case bytes(Data)
        case stream(@Sendable (any HTTPResponseWriter) async throws -> Void)
    }
    package var status: Int
    package var headers: HTTPServerHeaders
    package var body: Body
    package var fault: HTTPFault?

    /// Creates a response with a byte body.
    package init(status: Int = 200, headers: HTTPServerHeaders = [:], body: Data = Data(), fault: HTTPFault? = nil) {
        self.status = status
        self.headers = headers
        self.body = .bytes(body)
        self.fault = fault
    }
}
