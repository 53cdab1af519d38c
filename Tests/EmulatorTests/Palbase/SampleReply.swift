import Foundation

/// What the sample backend answered, as the tests see it.
struct SampleReply: Sendable {
    let status: Int
    /// Header fields by lowercased name (the last value wins).
    let headers: [String: String]
    let body: Data

    func header(_ name: String) -> String? { headers[name.lowercased()] }

    /// The body as JSON (an empty view when it is not JSON).
    var json: SampleJSONView { SampleJSONView(json: body) }

    /// The envelope's `error` code, when the body is one.
    var errorCode: String? { json["error"].string }

    var text: String { String(decoding: body, as: UTF8.self) }
}
