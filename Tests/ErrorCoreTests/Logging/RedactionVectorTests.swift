import ErrorCore
import Foundation
import Testing

/// `Specs/vectors/redaction.json`: the one redaction rule, both ways. Every `masked` name is masked as a
/// header, a JSON member, a form or query parameter and in free text; every `readable` name (the
/// debugging essentials and the near misses that merely contain a short word's letters) stays readable
/// in all four. `bodies` and `texts` pin whole redacted outputs.
struct RedactionVectors: Decodable, Sendable {
    struct Name: Decodable, Sendable, CustomTestStringConvertible {
        let name: String
        let why: String
        var testDescription: String { name }
    }

    struct Body: Decodable, Sendable, CustomTestStringConvertible {
        let name: String
        let input: AnyCodableValue
        let output: AnyCodableValue
        var testDescription: String { name }
    }

    struct Text: Decodable, Sendable, CustomTestStringConvertible {
        let name: String
        let input: String
        let output: String
        var testDescription: String { name }
    }

    let rule: String
    let masked: [Name]
    let readable: [Name]
    let bodies: [Body]
    let texts: [Text]

    static let file: RedactionVectors? = try? JSONDecoder().decode(
        RedactionVectors.self, from: Data(contentsOf: GoldenVectors.url("redaction.json")))
}

@Suite struct RedactionVectorTests {
    private let redactor = Redactor.standard
    private static let secret = "s3cret-value"

    @Test func vectorFileIsPresentAndCoversTheIssue() throws {
        let vectors = try #require(RedactionVectors.file)
        let masked = Set(vectors.masked.map(\.name))
        let readable = Set(vectors.readable.map(\.name))
        #expect(masked.count == vectors.masked.count && readable.count == vectors.readable.count, "names repeat")
        #expect(masked.isDisjoint(with: readable))
        // Issue 18 §5's lists, each present.
        for name in [
            "X-Auth-Token", "X-CSRF-Token", "X-Access-Token", "Api-Key", "X-Amz-Security-Token", "X-Secret-Token",
            "pwd", "passwd", "passphrase", "pin", "otp", "cvc", "cvv", "card_number", "private_key", "jwt",
            "credential", "signature",
        ] {
            #expect(masked.contains(name), "\(name)")
        }
        for name in ["Content-Type", "X-Request-Id", "Idempotency-Key", "page", "title", "shipping", "author"] {
            #expect(readable.contains(name), "\(name)")
        }
        #expect(vectors.bodies.contains { $0.input["card"]?["number"] != nil }, "a number under card")
    }

    @Test(arguments: RedactionVectors.file?.masked ?? [])
    func maskedEverywhere(vector: RedactionVectors.Name) {
        let name = vector.name
        #expect(redactor.isSensitiveHeader(name))
        #expect(redactor.isSensitiveField(name))
        #expect(!redactor.redact(header: name, value: Self.secret).contains("s3cret"))
        let body = redactor.redactedBody(Data(AnyCodableValue.object([name: .string(Self.secret)]).jsonText.utf8))
        #expect(!body.contains("s3cret"), "\(body)")
        let text = redactor.redactedText("\(name)=\(Self.secret)&next=1")
        #expect(text == "\(name)=<redacted>&next=1")
        let query = redactor.redactedURL("https://h.example/p?\(name)=\(Self.secret)")
        #expect(!query.contains("s3cret"), "\(query)")
    }

    @Test(arguments: RedactionVectors.file?.readable ?? [])
    func readableEverywhere(vector: RedactionVectors.Name) {
        let name = vector.name
        #expect(!redactor.isSensitiveHeader(name))
        #expect(!redactor.isSensitiveField(name))
        #expect(redactor.redact(header: name, value: Self.secret) == Self.secret)
        let json = AnyCodableValue.object([name: .string(Self.secret)]).jsonText
        #expect(redactor.redactedBody(Data(json.utf8)) == json)
        #expect(redactor.redactedText("\(name)=\(Self.secret)&next=1") == "\(name)=\(Self.secret)&next=1")
        let url = "https://h.example/p?\(name)=\(Self.secret)"
        #expect(redactor.redactedURL(url) == url)
    }

    @Test(arguments: RedactionVectors.file?.bodies ?? [])
    func bodies(vector: RedactionVectors.Body) throws {
        let text = redactor.redactedBody(Data(vector.input.jsonText.utf8), contentType: "application/json")
        let actual = try JSONDecoder().decode(AnyCodableValue.self, from: Data(text.utf8))
        #expect(actual == vector.output, "\(GoldenVectors.diff(expected: vector.output.jsonText, actual: text))")
    }

    @Test(arguments: RedactionVectors.file?.texts ?? [])
    func texts(vector: RedactionVectors.Text) {
        let actual = redactor.redactedText(vector.input)
        #expect(actual == vector.output, "\(GoldenVectors.diff(expected: vector.output, actual: actual))")
    }
}
