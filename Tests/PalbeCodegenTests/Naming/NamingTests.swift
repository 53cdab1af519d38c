import Testing

@testable import PalbeCodegen

@Suite struct NamingTests {
    @Test(
        arguments: [
            ("todo_locked", "todoLocked"), ("NOT_FOUND", "notFound"), ("getURL", "getURL"), ("URLPath", "urlPath"),
            ("Todos", "todos"), ("in-progress", "inProgress"), ("weird-code.x", "weirdCodeX"), ("1st", "_1st"),
            ("ID", "id"), ("a", "a"), ("__x__", "x"), ("", ""), ("---", ""), ("todoItems", "todoItems"),
        ])
    func lowerCamel(input: String, expected: String) {
        #expect(Identifier.lowerCamel(input) == expected)
    }

    @Test(
        arguments: [
            ("todos", "Todos"), ("todo_item", "TodoItem"), ("Pet.Dog", "PetDog"), ("HTTPError", "HTTPError"),
            ("ERROR", "Error"), ("room_locked", "RoomLocked"), ("2fa", "_2fa"),
        ])
    func upperCamel(input: String, expected: String) {
        #expect(Identifier.upperCamel(input) == expected)
    }

    @Test func escapesKeywordsOnly() {
        #expect(Identifier.escaped("public") == "`public`")
        #expect(Identifier.escaped("default") == "`default`")
        #expect(Identifier.escaped("Type") == "`Type`")
        #expect(Identifier.escaped("todo") == "todo")
        #expect(Identifier.escaped("get") == "get")
    }

    @Test func validatesIdentifiers() {
        #expect(Identifier.isValid("list_all"))
        #expect(Identifier.isValid("café"))
        #expect(!Identifier.isValid("2fa"))
        #expect(!Identifier.isValid("content-type"))
        #expect(!Identifier.isValid("_"))
        #expect(!Identifier.isValid(""))
    }

    @Test func asksTheSDKCodersForWireKeys() {
        let keys = WireKeys(wireKeys: ["created_at", "per_page", "perPage", "@type", "address_1", "id", "created_at"])
        #expect(keys.translation(of: "created_at") == ("createdAt", true))
        #expect(keys.translation(of: "per_page") == ("perPage", true))
        #expect(keys.translation(of: "id") == ("id", true))
        #expect(keys.translation(of: "@type") == ("@type", true))
        // perPage on the wire would be sent back as per_page; address_1 decodes as address1, sent as address1.
        #expect(keys.translation(of: "perPage") == ("perPage", false))
        #expect(keys.translation(of: "address_1").roundTrips == false)
    }

    @Test func escapesSwiftStringLiterals() {
        #expect(SwiftLiteral.string("a\"b\\c\nd\u{07}") == #""a\"b\\c\nd\u{7}""#)
    }

    @Test func splitsDocCommentsIntoLines() {
        #expect(SwiftLiteral.docLines("One.\r\n\r\nTwo.  \n", indent: "  ") == ["  /// One.", "  ///", "  /// Two."])
        #expect(SwiftLiteral.docLines(nil, indent: "").isEmpty)
    }

    @Test func pointersEscapeAndParseReferences() throws {
        let pointer = JSONPointer.root.appending("paths").appending("/todos/{id}").appending("a~b")
        #expect(pointer.description == "/paths/~1todos~1{id}/a~0b")
        let parsed = try #require(JSONPointer(reference: "#/paths/~1todos~1%7Bid%7D/a~0b"))
        #expect(parsed == pointer)
        #expect(JSONPointer(reference: "other.json#/a") == nil)
        #expect(JSONPointer(reference: "#/a%zz") == nil)
        #expect(JSONPointer(reference: "#")?.tokens == [])
    }
}
