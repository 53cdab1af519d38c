import Emulator
import ErrorCore
import Foundation
import SDKCrypto
import Testing

@testable import EmulatorCore
@testable import EmulatorPalbase

/// `POST /v1/docs/{collection}`: schema enforcement answering `schema_validation_failed` with per-field
/// details, through the platform's sealing (the test seals like an SDK would, with ErrorCore's crypto).
@Suite struct SampleDocumentsTests {
    /// Seals `plaintext` for `method path` to the emulator's key, sends it, and opens the sealed answer.
    static func sendSealed(
        _ emulator: SampleEmulator, _ method: String, _ path: String, _ plaintext: String
    ) async throws -> SampleReply {
        let sealer = TestSealer(
            serverKey: try P256PublicKey(x963Representation: emulator.server.sealingPublicKey),
            kid: emulator.server.sealingKeyID)
        let sealed = try await emulator.send(
            method, path, headers: [("Content-Type", "application/json"), ("X-Palbase-Sealed", "v1")],
            body: try sealer.seal(Data(plaintext.utf8), method: method, path: path))
        try #require(sealed.header("X-Palbase-Sealed") == "v1", "the answer is sealed: \(sealed.text)")
        let opened = try sealer.open(sealed.body, path: path)
        return SampleReply(status: sealed.status, headers: sealed.headers, body: opened)
    }

    @Test func aValidDocumentIsStoredThroughSealing() async throws {
        try await withSampleEmulator { emulator in
            let reply = try await Self.sendSealed(
                emulator, "POST", "/v1/docs/notes",
                #"{"title":"Groceries","body":"milk","pinned":true,"tags":["home"]}"#)
            #expect(reply.status == 201, "\(reply.text)")
            let document = reply.json
            let id = try #require(document["id"].string)
            #expect(id.wholeMatch(of: /doc_[0-9a-f]{32}/) != nil)
            #expect(document["collection"].string == "notes")
            #expect(document["data"]["title"].string == "Groceries")
            #expect(document["data"]["pinned"].bool == true)
            #expect(document["created_at"].string == "2025-01-02T03:04:05.678Z")

            let fetched = try await emulator.send("GET", "/v1/docs/notes/\(id)")
            #expect(fetched.status == 200)
            #expect(fetched.json.value == document.value)
        }
    }

    @Test func schemaViolationsAnswerSchemaValidationFailedWithDetails() async throws {
        try await withSampleEmulator { emulator in
            let reply = try await Self.sendSealed(
                emulator, "POST", "/v1/docs/notes",
                #"{"title":"","pinned":"yes","tags":["ok",""],"extra":1,"body":null}"#)
            let envelope = expectEnvelope(reply, 400, "schema_validation_failed")
            let details = envelope["details"].elements.map {
                "\($0["field"].string ?? "?"): \($0["message"].string ?? "?")"
            }
            #expect(
                details == [
                    "title: Must be at least 1 characters", "body: Expected string, received null",
                    "pinned: Expected boolean, received string", "tags.1: Must be 1 to 50 characters",
                    "extra: Unknown field",
                ])
            #expect(!envelope["fields"].exists)
        }
    }

    @Test func anUnsealedBodyIsRefusedByThePlatform() async throws {
        try await withSampleEmulator { emulator in
            let reply = try await emulator.send("POST", "/v1/docs/notes", json: #"{"title":"plain"}"#)
            expectEnvelope(reply, 400, "sealing_required")
        }
    }

    @Test func unknownAndMalformedCollections() async throws {
        try await withSampleEmulator { emulator in
            let unknown = try await Self.sendSealed(emulator, "POST", "/v1/docs/recipes", #"{"title":"x"}"#)
            expectEnvelope(unknown, 404, "collection_not_found")
            let malformed = try await Self.sendSealed(emulator, "POST", "/v1/docs/Notes", #"{"title":"x"}"#)
            #expect(expectEnvelope(malformed, 400, "bad_request")["fields"][0]["field"].string == "collection")
            expectEnvelope(try await emulator.send("GET", "/v1/docs/recipes/doc_x"), 404, "collection_not_found")
            expectEnvelope(try await emulator.send("GET", "/v1/docs/notes/doc_x"), 404, "document_not_found")
        }
    }

    @Test func malformedJSONInsideTheSealIsBadRequest() async throws {
        try await withSampleEmulator { emulator in
            let reply = try await Self.sendSealed(emulator, "POST", "/v1/docs/notes", #"{"title":"#)
            expectEnvelope(reply, 400, "bad_request")
        }
    }

    /// `(document, details)` checked against the `notes` schema by the handler directly.
    static let violations: [(String, [String])] = [
        (#"{"title":"ok"}"#, []),
        (#"{}"#, ["title: Required"]),
        (#"[]"#, [": Expected object, received array"]),
        (#"{"title":1}"#, ["title: Expected string, received number"]),
        (#"{"title":"\#(String(repeating: "t", count: 201))"}"#, ["title: Must be at most 200 characters"]),
        (#"{"title":"x","tags":"a"}"#, ["tags: Expected array, received string"]),
        (#"{"title":"x","tags":[1]}"#, ["tags.0: Expected string, received number"]),
        (#"{"title":"x","b":1,"a":2}"#, ["a: Unknown field", "b: Unknown field"]),
    ]

    @Test(arguments: violations)
    func notesSchema(_ document: String, _ expected: [String]) async throws {
        let direct = try SampleDirect()
        let reply = try await direct.send("POST", "/v1/docs/notes", json: document)
        if expected.isEmpty {
            #expect(reply.status == 201)
        } else {
            let details = expectEnvelope(reply, 400, "schema_validation_failed")["details"].elements
            #expect(details.map { "\($0["field"].string ?? "?"): \($0["message"].string ?? "?")" } == expected)
        }
    }

    @Test func schemasAreConfigurable() async throws {
        let schema = SampleDocumentSchema(fields: [.init("score", .number, required: true)], allowsUnknownFields: true)
        let direct = try SampleDirect(SampleBackendConfiguration(documentSchemas: ["scores": schema]))
        #expect(try await direct.send("POST", "/v1/docs/scores", json: #"{"score":1.5,"any":"thing"}"#).status == 201)
        expectEnvelope(
            try await direct.send("POST", "/v1/docs/scores", json: #"{"score":"high"}"#), 400,
            "schema_validation_failed")
        expectEnvelope(
            try await direct.send("POST", "/v1/docs/notes", json: #"{"title":"x"}"#), 404, "collection_not_found")
    }
}
