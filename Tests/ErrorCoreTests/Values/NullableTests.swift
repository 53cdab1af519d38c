import ErrorCore
import Foundation
import Testing

@Suite struct NullableTests {
    struct Patch: Codable, Equatable, Sendable {
        var title: String?
        var dueAt: Nullable<Date>?
        var assigneeId: Nullable<String>?
    }

    struct Required: Codable, Equatable {
        var note: Nullable<Int>
    }

    static let date = Date(timeIntervalSince1970: 1_700_000_000.5)

    enum Coders: String, CaseIterable, Sendable {
        case snakeCase, plain

        var encoder: JSONEncoder {
            switch self {
            case .snakeCase: return SDKCoders.snakeCaseEncoder()
            case .plain:
                let encoder = JSONEncoder()
                encoder.outputFormatting = .sortedKeys
                encoder.dateEncodingStrategy = .secondsSince1970
                return encoder
            }
        }

        var decoder: JSONDecoder {
            switch self {
            case .snakeCase: return SDKCoders.snakeCaseDecoder()
            case .plain:
                let decoder = JSONDecoder()
                decoder.dateDecodingStrategy = .secondsSince1970
                return decoder
            }
        }

        func key(_ camel: String) -> String {
            guard self == .snakeCase else { return camel }
            return camel.replacingOccurrences(of: "At", with: "_at").replacingOccurrences(of: "Id", with: "_id")
        }

        var dateJSON: String { self == .snakeCase ? #""2023-11-14T22:13:20.500Z""# : "1700000000.5" }
    }

    @Test(arguments: Coders.allCases)
    func encodesAllThreeIntentions(coders: Coders) throws {
        let patch = Patch(title: "t", dueAt: .null, assigneeId: .value("u1"))
        let text = String(decoding: try coders.encoder.encode(patch), as: UTF8.self)
        #expect(text == #"{"\#(coders.key("assigneeId"))":"u1","\#(coders.key("dueAt"))":null,"title":"t"}"#)

        let omitted = String(decoding: try coders.encoder.encode(Patch(title: "t")), as: UTF8.self)
        #expect(omitted == #"{"title":"t"}"#)

        let dated = String(decoding: try coders.encoder.encode(Patch(dueAt: .value(Self.date))), as: UTF8.self)
        #expect(dated == #"{"\#(coders.key("dueAt"))":\#(coders.dateJSON)}"#)
    }

    @Test(arguments: Coders.allCases)
    func decodingTellsAbsentFromNull(coders: Coders) throws {
        let due = coders.key("dueAt")
        let assignee = coders.key("assigneeId")
        let absent = try coders.decoder.decode(Patch.self, from: Data(#"{"title":"t"}"#.utf8))
        #expect(absent == Patch(title: "t", dueAt: nil, assigneeId: nil))

        let null = try coders.decoder.decode(Patch.self, from: Data(#"{"\#(due)":null,"\#(assignee)":null}"#.utf8))
        #expect(null == Patch(title: nil, dueAt: .null, assigneeId: .null))

        let json = #"{"\#(due)":\#(coders.dateJSON),"\#(assignee)":"u1"}"#
        let value = try coders.decoder.decode(Patch.self, from: Data(json.utf8))
        #expect(value == Patch(title: nil, dueAt: .value(Self.date), assigneeId: .value("u1")))
    }

    @Test(arguments: Coders.allCases)
    func roundTripsEveryIntention(coders: Coders) throws {
        for patch in [Patch(), Patch(dueAt: .null), Patch(title: "x", dueAt: .value(Self.date), assigneeId: .null)] {
            let data = try coders.encoder.encode(patch)
            #expect(try coders.decoder.decode(Patch.self, from: data) == patch)
        }
    }

    @Test func wrongTypeStillThrows() {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Patch.self, from: Data(#"{"assigneeId":5}"#.utf8))
        }
    }

    @Test func nonOptionalNullableIsARequiredKeyThatMayBeNull() throws {
        #expect(try JSONDecoder().decode(Required.self, from: Data(#"{"note":null}"#.utf8)) == Required(note: .null))
        #expect(try JSONDecoder().decode(Required.self, from: Data(#"{"note":3}"#.utf8)) == Required(note: .value(3)))
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Required.self, from: Data("{}".utf8)) }
        #expect(String(decoding: try JSONEncoder().encode(Required(note: .null)), as: UTF8.self) == #"{"note":null}"#)
    }

    @Test func convertsToAndFromOptional() {
        #expect(Nullable<Int>(5) == .value(5))
        #expect(Nullable<Int>(nil) == .null)
        #expect(Nullable<Int>.value(5).wrapped == 5)
        #expect(Nullable<Int>.null.wrapped == nil)
        #expect(Set<Nullable<Int>>([.null, .null, .value(1)]).count == 2)
    }

    @Test func jsonNullIsNullEvenForAnyCodableValue() throws {
        struct Box: Codable { var field: Nullable<AnyCodableValue>? }
        let box = try JSONDecoder().decode(Box.self, from: Data(#"{"field":null}"#.utf8))
        #expect(box.field.map { if case .null = $0 { true } else { false } } == true)
    }
}
