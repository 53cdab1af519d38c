import Emulator
import ErrorCore
import Foundation
import Testing

@testable import EmulatorCore
@testable import EmulatorPalbase

/// A document the sample backend cannot honour is refused when it is loaded, saying where and why, instead of
/// being served as something else than it says.
@Suite struct SampleSpecRefusalTests {
    @Test func theCommittedDocumentLoads() throws {
        #expect(try SampleSpecCopy().refusal() == nil)
    }

    @Test func notJSONOrARepeatedKey() {
        #expect(throws: SampleSpecError.self) { try SampleSpec(data: Data("{".utf8)) }
        let repeated = #expect(throws: SampleSpecError.self) {
            try SampleSpec(data: Data(#"{"paths": {}, "paths": {}}"#.utf8))
        }
        #expect(repeated?.reason.contains("line 1, column") == true)
    }

    @Test func aTemplateNamingOtherParametersThanTheHandlerReads() throws {
        var copy = try SampleSpecCopy()
        copy.edit("paths") { paths in
            guard case .object(var members)? = paths else { return }
            members["/todos/{todo}/lock"] = members.removeValue(forKey: "/todos/{id}/lock")
            paths = .object(members)
        }
        let refusal = try #require(copy.refusal())
        #expect(refusal.pointer == "/paths/~1todos~1{todo}~1lock/post")
        #expect(
            refusal.reason == #"todos.lock reads the path parameters ["id"], but /todos/{todo}/lock names ["todo"]"#)
    }

    @Test func anErrorTheHandlerAnswersThatIsNotDeclared() throws {
        var copy = try SampleSpecCopy()
        copy.editDeclaredErrors(path: "/todos/{id}", method: "delete") { $0["code"] == "todo_locked" ? .none : $0 }
        let refusal = try #require(copy.refusal())
        #expect(refusal.pointer == "/paths/~1todos~1{id}/delete")
        #expect(refusal.reason == "todos.delete answers todo_locked, which its x-palbase-errors does not declare")
    }

    @Test func anUploadWithoutItsLimits() throws {
        var copy = try SampleSpecCopy()
        copy.set("paths", "/todos/{id}/attachment", "post", "x-palbase-upload", to: nil)
        #expect(try #require(copy.refusal()).reason.contains("todos.attach is an upload"))
    }

    @Test func aCollectionSchemaTheBackendCannotEnforce() throws {
        var copy = try SampleSpecCopy()
        copy.set("components", "schemas", "NoteDocument", "properties", "title", "pattern", to: "^[A-Z]")
        let refusal = try #require(copy.refusal())
        #expect(refusal.pointer == "/components/schemas/NoteDocument/properties/title/pattern")
        #expect(refusal.reason == "pattern cannot be enforced on a collection's documents")
    }

    @Test func twoPathsMatchingTheSameRequests() throws {
        var copy = try SampleSpecCopy()
        copy.set("paths", "/todos/{other}", to: ["get": ["operationId": "todos.peek", "responses": [:]]])
        #expect(try #require(copy.refusal()).reason.contains("matches the same requests as"))
    }

    @Test func aRepeatedOperationID() throws {
        var copy = try SampleSpecCopy()
        copy.set("paths", "/health", "post", to: ["operationId": "health", "responses": [:]])
        #expect(try #require(copy.refusal()).reason == "the operationId health is used twice")
    }

    @Test func aDeclaredErrorOutsideTheErrorStatuses() throws {
        var copy = try SampleSpecCopy()
        copy.editDeclaredErrors(path: "/todos/{id}", method: "get") { entry in
            guard case .object(var members) = entry else { return entry }
            members["status"] = 200
            return .object(members)
        }
        let refusal = try #require(copy.refusal())
        #expect(refusal.pointer == "/paths/~1todos~1{id}/get/x-palbase-errors/0/status")
    }

    @Test func theFileIsNamedInTheError() throws {
        let missing = URL(fileURLWithPath: "/nonexistent/openapi.json")
        #expect(throws: (any Error).self) { try SampleSpec(contentsOf: missing) }
        let error = SampleSpecError(source: "/a/openapi.json", pointer: "/paths", reason: "bad")
        #expect(error.description == "/a/openapi.json: #/paths: bad")
    }
}
