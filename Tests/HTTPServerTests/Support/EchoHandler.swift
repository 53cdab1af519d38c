import Foundation
import HTTPServer

/// What the echo handler saw, sent back as JSON so tests can check the server's parsing.
struct EchoReport: Codable, Equatable {
    var method: String
    var target: String
    var path: String
    var query: String?
    var body: String
    var connectionID: Int
    var remotePort: Int
    var headers: [String]

    init(_ request: HTTPServerRequest) {
        method = request.method
        target = request.target
        path = request.path
        query = request.query
        body = String(decoding: request.body, as: UTF8.self)
        connectionID = request.connectionID
        remotePort = request.remotePort
        headers = request.headers.map { "\($0.name): \($0.value)" }
    }

    /// A handler that answers every request with its own `EchoReport`.
    static let handler: HTTPServer.Handler = { request in
        let data = (try? JSONEncoder().encode(EchoReport(request))) ?? Data()
        return HTTPServerResponse(status: 200, headers: ["Content-Type": "application/json"], body: data)
    }

    static func decode(_ bytes: [UInt8]) throws -> EchoReport {
        try JSONDecoder().decode(EchoReport.self, from: Data(bytes))
    }
}
