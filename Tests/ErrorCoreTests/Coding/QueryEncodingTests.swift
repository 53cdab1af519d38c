import ErrorCore
import Foundation
import Testing

struct QueryVector: Decodable, Sendable, CustomTestStringConvertible {
    let name: String
    let input: [String: AnyCodableValue]
    let wire: String

    var testDescription: String { name }

    static let all: [QueryVector] = (try? GoldenVectors.load("query.json")) ?? []
}

@Suite struct QueryEncodingTests {
    @Test func vectorFileIsPresentAndComplete() throws {
        let vectors: [QueryVector] = try GoldenVectors.load("query.json")
        #expect(vectors.count >= 30)
        #expect(Set(vectors.map(\.name)).count == vectors.count, "vector names must be unique")
    }

    @Test(arguments: QueryVector.all)
    func matchesTheWebSDK(vector: QueryVector) throws {
        let actual = try QueryEncoding.queryString(for: PropertyBag(members: vector.input))
        #expect(actual == vector.wire, "\(GoldenVectors.diff(expected: vector.wire, actual: actual))")
    }

    struct Search: Encodable {
        var page: Double = 2.0
        var pageSize: Int = 0
        var includeArchived = false
        var createdAfter = Date(timeIntervalSince1970: 0.25)
        var cursor: String? = nil
        var status: Nullable<String>? = .null
        var sort: Sort = .newest
        var ids: [Int] = [3, 1]
        enum Sort: String, Encodable { case newest = "created_at desc" }
    }

    @Test func typedSwiftValuesFollowTheRules() throws {
        #expect(
            try QueryEncoding.queryString(for: Search())
                == "created_after=1970-01-01T00%3A00%3A00.250Z&ids=3&ids=1&include_archived=false&page=2"
                + "&page_size=0&sort=created_at%20desc")
    }

    @Test func swiftDoublesRenderLikeJavaScriptNumbers() throws {
        struct Numbers: Encodable {
            var a = 2.0, b = -0.0, c = 1e-7, d = 1.5e21, e = 0.1, f = 1e300, g = Double(Int64.max)
        }
        #expect(
            try QueryEncoding.queryString(for: Numbers())
                == "a=2&b=0&c=1e-7&d=1.5e%2B21&e=0.1&f=1e%2B300&g=9223372036854776000")
    }

    @Test func emptyQueryIsEmptyText() throws {
        struct Nothing: Encodable { var cursor: String? = nil }
        #expect(try QueryEncoding.queryString(for: Nothing()).isEmpty)
    }

    @Test func aQueryThatIsNotAnObjectIsATypedError() {
        #expect(throws: RequestEncodingError.queryIsNotAnObject(found: "array")) {
            try QueryEncoding.queryString(for: [1, 2])
        }
        #expect(throws: RequestEncodingError.queryIsNotAnObject(found: "string")) {
            try QueryEncoding.queryString(for: "page=1")
        }
    }

    @Test func unencodableValuesThrowTheEncodersError() {
        struct Bad: Encodable { var ratio = Double.nan }
        #expect(throws: EncodingError.self) { try QueryEncoding.queryString(for: Bad()) }
    }

    @Test func wireObjectKeysAreUsedAsGiven() {
        #expect(QueryEncoding.queryString(fromJSONObject: ["pageSize": 1, "a b": "c+d"]) == "a%20b=c%2Bd&pageSize=1")
    }

    @Test func percentEncodingMatchesEncodeURIComponent() {
        #expect(PercentEncoding.encodeURIComponent("AZaz09-_.!~*'()") == "AZaz09-_.!~*'()")
        #expect(PercentEncoding.encodeURIComponent(" +/?#&=%é👍🏽") == "%20%2B%2F%3F%23%26%3D%25%C3%A9%F0%9F%91%8D%F0%9F%8F%BD")
        #expect(PercentEncoding.encodeURIComponent("").isEmpty)
    }
}
