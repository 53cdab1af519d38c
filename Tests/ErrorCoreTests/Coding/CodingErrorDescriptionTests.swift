import ErrorCore
import Foundation
import Testing

/// One line per coding failure: what and where, never the value.
@Suite struct CodingErrorDescriptionTests {
    struct Todo: Decodable {
        let title: String
        let done: Bool?
    }

    struct Dated: Decodable {
        let createdAt: Date
    }

    struct List: Codable {
        let items: [Item]
    }

    struct Item: Codable {
        let done: Bool
    }

    struct SecretHoldingError: Error, CustomStringConvertible {
        var description: String { "token=s3cr3t" }
    }

    struct Failure: SDKError {
        var sdkName: String { "test" }
        var errorCode: String { "broken" }
        var httpStatus: Int? { 502 }
        var serverRequestID: String? { "req_1" }
    }

    static func decodingError<T: Decodable>(_ type: T.Type, _ json: String) throws -> DecodingError {
        try #require(throws: DecodingError.self) {
            try SDKCoders.snakeCaseDecoder().decode(type, from: Data(json.utf8))
        }
    }

    @Test(arguments: [
        (#"{}"#, #"missing key "title" at the top level"#),
        (#"{"title":null}"#, "expected String, found null at title"),
        (#"{"title":"t","done":"no"}"#, "expected Bool at done"),
    ])
    func describesWhatAndWhere(json: String, expected: String) throws {
        let error = try Self.decodingError(Todo.self, json)
        #expect(CodingErrorDescription.describe(error) == expected)
        #expect(!CodingErrorDescription.describe(error).contains("no\""), "never the offending value")
    }

    @Test func indicesAreBracketed() throws {
        let error = try Self.decodingError(List.self, #"{"items":[{"done":true},{"done":1}]}"#)
        #expect(CodingErrorDescription.describe(error) == "expected Bool at items[1].done")
    }

    @Test func corruptDataKeepsTheCodersOwnDescription() throws {
        let error = try Self.decodingError(Dated.self, #"{"created_at":"yesterday"}"#)
        #expect(
            CodingErrorDescription.describe(error, type: Dated.self)
                == #"Dated: Expected an ISO 8601 date, found "yesterday" at createdAt"#)
        let notJSON = try Self.decodingError(Todo.self, "{")
        #expect(CodingErrorDescription.describe(notJSON).hasSuffix(" at the top level"))
    }

    @Test func aTypePrefixesTheLine() throws {
        let error = try Self.decodingError(Todo.self, #"{}"#)
        #expect(
            CodingErrorDescription.describe(error, type: Todo.self) == #"Todo: missing key "title" at the top level"#)
        #expect(
            CodingErrorDescription.describe(error, type: [Todo].self).hasPrefix("Array<Todo>: missing key"))
    }

    @Test func encodingErrorsNameThePath() throws {
        let error = try #require(throws: EncodingError.self) {
            try JSONEncoder().encode(["values": [1, Double.nan]])
        }
        let line = CodingErrorDescription.describe(error)
        #expect(line.hasSuffix(" at values[1]"), "\(line)")
        #expect(line.count > " at values[1]".count)
    }

    @Test func otherErrorsAreNamedNotPrinted() {
        #expect(CodingErrorDescription.describe(SecretHoldingError()) == "SecretHoldingError")
        #expect(
            CodingErrorDescription.describe(Failure(), type: Todo.self)
                == "Todo: sdk=test code=broken status=502 request=req_1")
    }

    @Test(arguments: [([String](), "the top level"), (["a"], "a"), (["a", "2", "b"], "a[2].b"), (["0"], "[0]")])
    func pathsReadLikeCode(keys: [String], expected: String) {
        let path = keys.map { key -> any CodingKey in
            Int(key).map { AnyKey(intValue: $0) } ?? AnyKey(stringValue: key)
        }
        #expect(CodingErrorDescription.path(path) == expected)
    }

    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int?
        init(stringValue: String) { self.stringValue = stringValue }
        init(intValue: Int) {
            self.stringValue = "Index \(intValue)"
            self.intValue = intValue
        }
    }
}
