import Foundation

// Stand-ins with the contracted shapes (API-SERVER.md) of the HTTP server types the `server` branch is still
// writing, so this branch builds for the helpers that merge it. This file is deleted in the commit that merges
// `server`; code written against these names keeps compiling unchanged because the real types have the same
// names and members. Until then `HTTPServer.start()` throws: nothing listens.

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

/// Stand-in for `HTTPServer.HTTPServer`: `start()` throws until the `server` branch is merged.
package final class HTTPServer: Sendable {
    package struct Configuration: Sendable {
        package var host = "127.0.0.1"
        package var port = 0
        package var maxRequestBodyBytes = 8 << 20
        package init() {}
    }

    package struct NotMerged: Error {}

    package init(
        configuration: Configuration = .init(),
        handler: @escaping @Sendable (HTTPServerRequest) async -> HTTPServerResponse
    ) {}

    @discardableResult package func start() throws -> Int { throw NotMerged() }
    package var baseURL: URL { URL(fileURLWithPath: "/") }
    package func shutdown() async {}
}
