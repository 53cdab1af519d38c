import Emulator
import ErrorCore
import Foundation
import Testing

@testable import EmulatorCore

/// `EmulatorJSON.decode` parses a body once and decodes from that tree; it must answer exactly as
/// Foundation's `JSONDecoder` (what it replaces, after a parse–render–parse round trip) does: the same values,
/// and the same `DecodingError` case at the same coding path, which is what the admin API's 400 messages are
/// made of. Only a repeated key differs, on purpose: the last one wins, as everywhere in the emulator.
@Suite struct EmulatorJSONDecodingTests {
    struct Probe: Decodable, Equatable {
        struct Inner: Decodable, Equatable {
            let count: Int
            let label: String?
        }
        let pathPrefix: String
        let small: UInt8?
        let ratio: Double?
        let single: Float?
        let flag: Bool?
        let list: [Int]?
        let names: [String: String]?
        let inner: Inner?
        let link: URL?
        let blob: Data?
        let amount: Decimal?
    }

    static let bodies = [
        #"{"path_prefix":"/x"}"#, #"{"pathPrefix":"/x"}"#, #"{"PATH_PREFIX":"/x"}"#, #"{"path__prefix":"/x"}"#,
        #"{"path_Prefix":"/x"}"#, #"{"_path_prefix":"/x"}"#, #"{"path_prefix_":"/x"}"#, #"{}"#, "[]", "null", "1",
        #""x""#, "", "{", "not json", #"{"path_prefix":null}"#, #"{"path_prefix":1}"#, #"{"path_prefix":["/x"]}"#,
        #"{"path_prefix":"/x","extra":{"deep":[1,2,{"x":null}]}}"#, #"{"path_prefix":"/x","small":255}"#,
        #"{"path_prefix":"/x","small":256}"#, #"{"path_prefix":"/x","small":-1}"#, #"{"path_prefix":"/x","small":2.0}"#,
        #"{"path_prefix":"/x","small":2.5}"#, #"{"path_prefix":"/x","small":1e2}"#,
        #"{"path_prefix":"/x","small":1e-2}"#,
        #"{"path_prefix":"/x","small":"1"}"#, #"{"path_prefix":"/x","small":null}"#, #"{"path_prefix":"/x","ratio":1}"#,
        #"{"path_prefix":"/x","ratio":-0.5e-3}"#, #"{"path_prefix":"/x","ratio":1e400}"#,
        #"{"path_prefix":"/x","ratio":1e-400}"#, #"{"path_prefix":"/x","ratio":0e-400}"#,
        #"{"path_prefix":"/x","single":1e39}"#, #"{"path_prefix":"/x","single":0.25}"#,
        #"{"path_prefix":"/x","ratio":true}"#, #"{"path_prefix":"/x","flag":true}"#, #"{"path_prefix":"/x","flag":1}"#,
        #"{"path_prefix":"/x","flag":"true"}"#, #"{"path_prefix":"/x","list":[1,2,3]}"#,
        #"{"path_prefix":"/x","list":[1,"2"]}"#, #"{"path_prefix":"/x","list":[1,null]}"#,
        #"{"path_prefix":"/x","list":{}}"#, #"{"path_prefix":"/x","list":null}"#,
        #"{"path_prefix":"/x","names":{"a_b":"x","cD":"y"}}"#, #"{"path_prefix":"/x","names":{"a":1}}"#,
        #"{"path_prefix":"/x","names":[]}"#, #"{"path_prefix":"/x","inner":{"count":3}}"#,
        #"{"path_prefix":"/x","inner":{"count":3,"label":"l"}}"#, #"{"path_prefix":"/x","inner":{}}"#,
        #"{"path_prefix":"/x","inner":{"count":"3"}}"#, #"{"path_prefix":"/x","inner":[]}"#,
        #"{"path_prefix":"/x","inner":{"count":12345678901234567890}}"#,
        #"{"path_prefix":"/x","inner":{"count":9007199254740993}}"#,
        #"{"path_prefix":"/x","link":"https://example.com/a?b=c"}"#, #"{"path_prefix":"/x","link":""}"#,
        #"{"path_prefix":"/x","link":3}"#, #"{"path_prefix":"/x","blob":"aGk="}"#, #"{"path_prefix":"/x","blob":"*"}"#,
        #"{"path_prefix":"/x","amount":12.50}"#, #"{"path_prefix":"/x","amount":"12"}"#,
        #"{"path_prefix":"/x","text":"caf\u00e9 \ud83d\ude00"}"#, "\u{FEFF}{\"path_prefix\":\"/x\"}",
        #"{"path_prefix":"/x"} x"#,
    ]

    @Test(arguments: bodies)
    func answersAsFoundationsDecoder(body: String) {
        let foundation = JSONDecoder()
        foundation.keyDecodingStrategy = .convertFromSnakeCase
        let expected = Self.outcome { try foundation.decode(Probe.self, from: Data(body.utf8)) }
        #expect(Self.outcome { try EmulatorJSON.decode(Probe.self, from: Data(body.utf8)) } == expected)
    }

    /// The emulator's own types, both ways round (`FaultAction` throws errors of its own).
    @Test(arguments: [
        #"{"path_prefix":"/x","count":3,"action":{"type":"delay","milliseconds":5}}"#,
        #"{"path_prefix":"/x","count":3.0,"method":"GET","action":{"type":"drop_mid_body","after_bytes":4}}"#,
        #"{"path_prefix":"/x","action":{"type":"explode"}}"#, #"{"path_prefix":"/x","action":{"type":"delay"}}"#,
        #"{"path_prefix":"/x","action":{"type":"status","status":"500","error":"x"}}"#,
        #"{"path_prefix":"/x","action":null}"#, #"{"path_prefix":"/x","id":null,"count":null,"action":{"type":"x"}}"#,
    ])
    func decodesTheEmulatorsTypesAsFoundationDoes(body: String) {
        let foundation = JSONDecoder()
        foundation.keyDecodingStrategy = .convertFromSnakeCase
        let expected = Self.outcome { try foundation.decode(FaultRule.self, from: Data(body.utf8)) }
        #expect(Self.outcome { try EmulatorJSON.decode(FaultRule.self, from: Data(body.utf8)) } == expected)
    }

    @Test func keysAreTakenAsWrittenWhenAsked() throws {
        struct Sealed: Decodable, Equatable { let kid: String }
        #expect(
            try EmulatorJSON.decode(Sealed.self, from: Data(#"{"kid":"k"}"#.utf8), keys: .useDefaultKeys).kid == "k")
        let converted = #expect(throws: DecodingError.self) {
            try EmulatorJSON.decode(Sealed.self, from: Data(#"{"k_id":"k"}"#.utf8))
        }
        guard case .keyNotFound? = converted else { Issue.record("\(String(describing: converted))"); return }
    }

    /// Where Foundation keeps the first of a repeated key, the emulator keeps the last, in the first one's
    /// place; two spellings of one key (`path_prefix`, `pathPrefix`) are not a repeat: the first wins, as in
    /// Foundation.
    @Test func theLastOfARepeatedKeyWins() throws {
        let repeated = #"{"path_prefix":"/a","inner":{"count":1,"count":2},"path_prefix":"/b"}"#
        let decoded = try EmulatorJSON.decode(Probe.self, from: Data(repeated.utf8))
        #expect(decoded.pathPrefix == "/b")
        #expect(decoded.inner?.count == 2)
        let spellings = try EmulatorJSON.decode(Probe.self, from: Data(#"{"path_prefix":"/a","pathPrefix":"/b"}"#.utf8))
        #expect(spellings.pathPrefix == "/a")
    }

    /// What Foundation's parser tolerates beyond RFC 8259 (a trailing comma, nesting past the exact parser's
    /// 256 levels) is not JSON here, as in every other body the emulator reads; it used to reach Foundation
    /// when the exact parser refused it.
    @Test(arguments: [
        #"{"path_prefix":"/x",}"#, #"{"path_prefix":"/x","list":[1,]}"#,
        #"{"path_prefix":"/x","deep":\#(String(repeating: "[", count: 300) + String(repeating: "]", count: 300))}"#,
    ])
    func refusesWhatIsNotJSON(body: String) {
        #expect(Self.outcome { try EmulatorJSON.decode(Probe.self, from: Data(body.utf8)) } == "dataCorrupted at []")
    }

    /// A value or the `DecodingError` case with its coding path: what the admin API's messages depend on.
    static func outcome(_ decode: () throws -> some Equatable) -> String {
        do {
            return "value \(try decode())"
        } catch let error as DecodingError {
            switch error {
            case .keyNotFound(let key, let context): return "keyNotFound \(key.stringValue) at \(path(context))"
            case .typeMismatch(let type, let context): return "typeMismatch \(type) at \(path(context))"
            case .valueNotFound(let type, let context): return "valueNotFound \(type) at \(path(context))"
            case .dataCorrupted(let context): return "dataCorrupted at \(path(context))"
            @unknown default: return "unknown \(error)"
            }
        } catch {
            return "other \(error)"
        }
    }

    private static func path(_ context: DecodingError.Context) -> String {
        "[" + context.codingPath.map(\.stringValue).joined(separator: ".") + "]"
    }
}
