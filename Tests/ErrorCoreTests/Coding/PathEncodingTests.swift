import ErrorCore
import Foundation
import Testing

struct PathVector: Decodable, Sendable, CustomTestStringConvertible {
    struct Segment: Decodable, Sendable {
        let literal: String?
        let param: String?
        var pathSegment: PathSegment { literal.map(PathSegment.literal) ?? .param(param ?? "") }
    }

    let name: String
    let base: String
    let segments: [Segment]
    let query: String
    let wire: String

    var testDescription: String { name }

    static let all: [PathVector] = (try? GoldenVectors.load("path.json")) ?? []
}

@Suite struct PathEncodingTests {
    @Test func vectorFileIsPresentAndComplete() throws {
        let vectors: [PathVector] = try GoldenVectors.load("path.json")
        #expect(vectors.count >= 15)
    }

    @Test(arguments: PathVector.all)
    func matchesTheWebSDK(vector: PathVector) throws {
        let base = try #require(URL(string: vector.base))
        let url = try PathEncoding.url(base: base, path: vector.segments.map(\.pathSegment), query: vector.query)
        #expect(url.absoluteString == vector.wire, "\(GoldenVectors.diff(expected: vector.wire, actual: url.absoluteString))")
    }

    @Test func pathTextHasNoLeadingSlash() {
        #expect(PathEncoding.path(["/todos/", .param("a b"), "", "/", "archive"]) == "todos/a%20b/archive")
        #expect(PathEncoding.path([]).isEmpty)
    }

    @Test func segmentsFromStringLiteralsAreLiterals() {
        let segment: PathSegment = "todos"
        #expect(segment == .literal("todos"))
    }

    @Test func baseWithQueryOrFragmentIsRejected() throws {
        for text in ["http://h/api?x=1", "http://h/api#top"] {
            let base = try #require(URL(string: text))
            #expect(throws: RequestEncodingError.unusableBaseURL(text)) {
                try PathEncoding.url(base: base, path: ["todos"])
            }
        }
        let relative = try #require(URL(string: "todos"))
        #expect(throws: RequestEncodingError.self) { try PathEncoding.url(base: relative, path: ["x"]) }
    }

    @Test func queryAndPathComposeWithoutAQuestionMarkWhenEmpty() throws {
        struct Query: Encodable { var cursor: String? = nil }
        let base = try #require(URL(string: "http://127.0.0.1:1/"))
        let url = try PathEncoding.url(
            base: base, path: ["todos"], query: try QueryEncoding.queryString(for: Query()))
        #expect(url.absoluteString == "http://127.0.0.1:1/todos")
    }
}
