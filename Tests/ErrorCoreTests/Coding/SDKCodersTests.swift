import ErrorCore
import Foundation
import Testing

@Suite struct SDKCodersTests {
    struct Todo: Codable, Equatable {
        var id: String
        var createdAt: Date
        var htmlUrl: String
        var isDone: Bool
    }

    @Test func snakeCaseEncoderMapsKeysSortsAndWritesISODates() throws {
        let todo = Todo(
            id: "t/1", createdAt: Date(timeIntervalSince1970: 1_700_000_000.5), htmlUrl: "https://x/y", isDone: false)
        let text = String(decoding: try SDKCoders.snakeCaseEncoder().encode(todo), as: UTF8.self)
        #expect(
            text == #"{"created_at":"2023-11-14T22:13:20.500Z","html_url":"https://x/y","id":"t/1","is_done":false}"#)
    }

    @Test func snakeCaseDecoderReadsEveryDateForm() throws {
        for created in [
            #""2023-11-14T22:13:20Z""#, #""2023-11-14T22:13:20.000Z""#, #""2023-11-15T00:13:20+02:00""#,
            #""2023-11-15T00:13:20.000000+0200""#, "1700000000",
        ] {
            let json = #"{"id":"1","created_at":\#(created),"html_url":"u","is_done":true}"#
            let todo = try SDKCoders.snakeCaseDecoder().decode(Todo.self, from: Data(json.utf8))
            #expect(todo.createdAt == Date(timeIntervalSince1970: 1_700_000_000), "\(created)")
        }
    }

    @Test func invalidDateNamesThePath() throws {
        struct List: Decodable { var items: [Todo] }
        let json = #"{"items":[{"id":"1","created_at":"yesterday","html_url":"u","is_done":true}]}"#
        do {
            _ = try SDKCoders.snakeCaseDecoder().decode(List.self, from: Data(json.utf8))
            Issue.record("an invalid date must not decode")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.codingPath.map(\.stringValue) == ["items", "Index 0", "createdAt"])
            #expect(context.debugDescription.contains("yesterday"))
        }
        let wrongType = #"{"id":"1","created_at":true,"html_url":"u","is_done":true}"#
        #expect(throws: DecodingError.self) {
            try SDKCoders.snakeCaseDecoder().decode(Todo.self, from: Data(wrongType.utf8))
        }
    }

    @Test func datesRoundTripAtMillisecondPrecision() throws {
        struct Stamp: Codable { var at: Date }
        for seconds in [0, 1_700_000_000.123, -1.5, 1_234_567_890.999] {
            let data = try SDKCoders.snakeCaseEncoder().encode(Stamp(at: Date(timeIntervalSince1970: seconds)))
            let back = try SDKCoders.snakeCaseDecoder().decode(Stamp.self, from: data)
            #expect(abs(back.at.timeIntervalSince1970 - seconds) < 0.0005)
        }
    }

    /// The documented acronym rule, both directions, including the one that fails.
    @Test func acronymsEncodeEitherWayButDecodeOnlyAsWords() throws {
        struct Word: Codable { var requestId: String? }
        struct Acronym: Codable { var requestID: String? }
        struct RequiredAcronym: Codable { var requestID: String }

        let encoder = SDKCoders.snakeCaseEncoder()
        #expect(String(decoding: try encoder.encode(Word(requestId: "r")), as: UTF8.self) == #"{"request_id":"r"}"#)
        #expect(String(decoding: try encoder.encode(Acronym(requestID: "r")), as: UTF8.self) == #"{"request_id":"r"}"#)

        let wire = Data(#"{"request_id":"r"}"#.utf8)
        let decoder = SDKCoders.snakeCaseDecoder()
        #expect(try decoder.decode(Word.self, from: wire).requestId == "r")
        // The failing direction, as documented: `request_id` becomes `requestId`, never `requestID`.
        #expect(try decoder.decode(Acronym.self, from: wire).requestID == nil)
        #expect(throws: DecodingError.self) { try decoder.decode(RequiredAcronym.self, from: wire) }
    }

    @Test func camelCasePairKeepsKeysAndUsesUnixSeconds() throws {
        struct Message: Codable, Equatable {
            var conversationId: String
            var createdAt: Date
        }
        let message = Message(conversationId: "c/1", createdAt: Date(timeIntervalSince1970: 1_700_000_000))
        let data = try SDKCoders.camelCaseEncoder().encode(message)
        #expect(String(decoding: data, as: UTF8.self) == #"{"conversationId":"c/1","createdAt":1700000000}"#)
        #expect(try SDKCoders.camelCaseDecoder().decode(Message.self, from: data) == message)
        let fractional = #"{"conversationId":"c","createdAt":1700000000.25}"#
        #expect(
            try SDKCoders.camelCaseDecoder().decode(Message.self, from: Data(fractional.utf8)).createdAt
                == Date(timeIntervalSince1970: 1_700_000_000.25))
    }

    @Test func everyCallHandsOutAnIndependentInstance() {
        let first = SDKCoders.snakeCaseEncoder()
        first.outputFormatting = .prettyPrinted
        #expect(SDKCoders.snakeCaseEncoder().outputFormatting == [.sortedKeys, .withoutEscapingSlashes])
        #expect(SDKCoders.snakeCaseEncoder() !== SDKCoders.snakeCaseEncoder())
    }
}
