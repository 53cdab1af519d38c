import ErrorCore
import Foundation
import Testing

@testable import PalbeCodegen

/// Issue 18 §7: keys are compared by their exact Unicode scalars, as JSON compares them. `café` in
/// NFC (`é`, U+00E9) and in NFD (`e` + U+0301) are two keys; Swift's `String ==` calls them equal,
/// which once made the generator reject a valid spec as having a duplicate key.
@Suite struct UnicodeKeyTests {
    private static let nfc = "caf\u{E9}"
    private static let nfd = "cafe\u{301}"

    /// Whether `text` contains `snippet` byte for byte (`String.contains` would match either spelling).
    private func containsExactly(_ text: String, _ snippet: String) -> Bool {
        let bytes = Array(text.utf8)
        let needle = Array(snippet.utf8)
        guard needle.count <= bytes.count else { return false }
        return (0...(bytes.count - needle.count)).contains { bytes[$0..<$0 + needle.count].elementsEqual(needle) }
    }

    @Test func bothSpellingsAreKeysOfOneObject() throws {
        #expect(Self.nfc == Self.nfd)  // to Swift
        let object = try #require(
            try JSONParser.parse(Array(#"{"\#(Self.nfc)": 1, "\#(Self.nfd)": 2}"#.utf8)).objectValue)
        #expect(object.count == 2)
        #expect(object[Self.nfc] == .number("1"))
        #expect(object[Self.nfd] == .number("2"))
        // The same scalars twice are still a duplicate.
        #expect(throws: CodegenError.self) {
            try JSONParser.parse(Array(#"{"\#(Self.nfd)": 1, "\#(Self.nfd)": 2}"#.utf8))
        }
    }

    @Test func aSpecUsingBothSpellingsGeneratesEachAsWritten() throws {
        let model = { (key: String) in #"{"type": "object", "properties": {"\#(key)": {"type": "string"}}}"# }
        let operation = { (id: String, schema: String) in
            let reference = ##"{"$ref": "#/components/schemas/"## + schema + #""}"#
            return #"{"operationId": "\#(id)", \#(Harness.json200(reference))}"#
        }
        let spec = Harness.spec(
            paths: [
                Harness.path("/\(Self.nfc)", "get", operation("menu.composed", "Composed")),
                Harness.path("/\(Self.nfd)", "get", operation("menu.decomposed", "Decomposed")),
            ].joined(separator: ", "),
            schemas: #""Composed": \#(model(Self.nfc)), "Decomposed": \#(model(Self.nfd))"#
                + #", "Example": {"type": "object", "example": {"\#(Self.nfc)": 1, "\#(Self.nfd)": 2}}"#)
        let output = try Harness.generate(spec)
        let composed = Harness.file(output, "Composed.swift")
        let decomposed = Harness.file(output, "Decomposed.swift")
        // Each model keeps its own key: the property and the key on the wire are the spelling the spec used.
        #expect(containsExactly(composed, "public var \(Self.nfc): String?"), "\(composed)")
        #expect(!containsExactly(composed, Self.nfd))
        #expect(containsExactly(decomposed, "public var \(Self.nfd): String?"), "\(decomposed)")
        #expect(!containsExactly(decomposed, Self.nfc))
        // Two paths, two operations, each sent to its own path.
        let operations = Harness.allText(output)
        #expect(containsExactly(operations, "PBRequest(.get, [\"\(Self.nfc)\"])"))
        #expect(containsExactly(operations, "PBRequest(.get, [\"\(Self.nfd)\"])"))
    }

    @Test func bothSpellingsAsPropertiesOfOneSchemaAreTwoPropertiesWithOneSwiftName() {
        // Foundation's coders, which generated models use, match keys with String ==, so the two could
        // not be told apart at run time: the generator names the clash rather than emit a model that
        // silently reads one key for both.
        let spec = Harness.spec(
            paths: Harness.returning(##"{"$ref": "#/components/schemas/Menu"}"##),
            schemas:
                #""Menu": {"type": "object", "properties": {"\#(Self.nfc)": {"type": "string"}, "\#(Self.nfd)": {"type": "integer"}}}"#
        )
        let failure = Harness.failure(spec)
        guard case .duplicateName(let name, let pointers) = failure else {
            Issue.record("expected duplicateName, got \(String(describing: failure))")
            return
        }
        #expect(name == "Menu.\(Self.nfc)")
        #expect(pointers.count == 2)
        #expect(containsExactly(pointers[0], "/properties/\(Self.nfc)"))
        #expect(containsExactly(pointers[1], "/properties/\(Self.nfd)"))
    }
}
