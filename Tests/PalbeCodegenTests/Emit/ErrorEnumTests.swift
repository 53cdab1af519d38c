import Testing

@testable import PalbeCodegen

/// `x-palbase-errors` → per-endpoint error enums in the shape the SDK documentation shows.
@Suite struct ErrorEnumTests {
    /// The emitted example of the error-handling seed, verbatim.
    static let seedRoomsCreateError = """
        public nonisolated enum RoomsCreateError: PBError {
            public nonisolated struct RoomLockedData: Codable, Sendable {
                public let retryAfter: Double
            }
            case notFound
            case roomLocked(RoomLockedData)
            case other(BackendError)
            public nonisolated init(_ backend: BackendError) {
                guard case .server(let f) = backend else { self = .other(backend); return }
                switch f.code {
                case "not_found": self = .notFound
                case "room_locked":
                    if let data = f.decodeData(RoomLockedData.self) { self = .roomLocked(data) } else { self = .other(backend) }
                default: self = .other(backend)
                }
            }
        }
        """

    private func errors(_ declared: String, id: String = "rooms.create") throws -> GeneratedOutput {
        try Harness.generate(
            Harness.spec(
                paths: Harness.path(
                    "/rooms", "post",
                    ##"{"operationId": "\##(id)", "responses": {"204": {"description": "OK"}}, "x-palbase-errors": \##(declared)}"##
                ),
                schemas:
                    ##""Lock": {"type": "object", "properties": {"until": {"type": "string", "format": "date-time"}}}"##
            ))
    }

    @Test func matchesTheDocumentedExampleExactly() throws {
        let output = try errors(
            ##"""
            [{"code": "not_found", "status": 404, "description": "No such parent."},
             {"code": "room_locked", "status": 409, "data": {"type": "object", "properties": {"retry_after": {"type": "number", "description": "Seconds."}}, "required": ["retry_after"]}}]
            """##)
        let text = Harness.file(output, "RoomsNamespace.swift")
        expectContains(text, Self.seedRoomsCreateError)
        expectContains(
            text,
            """
            /// The failures of `rooms.create`: a case per error the backend declares,
            /// and ``other(_:)`` for everything else (transport, decoding, undeclared codes).
            ///
            /// - ``notFound``: `not_found` (404): No such parent.
            /// - ``roomLocked``: `room_locked` (409)
            public nonisolated enum RoomsCreateError: PBError {
            """)
    }

    @Test func noDeclaredErrorsStillGetsAnEnumWithOther() throws {
        let text = Harness.file(try errors("[]"), "RoomsNamespace.swift")
        expectContains(
            text,
            """
            public nonisolated enum RoomsCreateError: PBError {
                case other(BackendError)
                public nonisolated init(_ backend: BackendError) {
                    self = .other(backend)
                }
            }
            """)
    }

    @Test func referencedAndScalarPayloadsAreNestedTypealiases() throws {
        let text = Harness.file(
            try errors(
                ##"""
                [{"code": "locked", "data": {"$ref": "#/components/schemas/Lock"}},
                 {"code": "weird-code.x", "data": {"type": "integer"}},
                 {"code": "default"}]
                """##), "RoomsNamespace.swift")
        expectContains(
            text,
            """
                public typealias LockedData = Lock
                public typealias WeirdCodeXData = Int
                case locked(LockedData)
                case weirdCodeX(WeirdCodeXData)
                case `default`
                case other(BackendError)
            """)
        expectContains(
            text,
            "        case \"weird-code.x\":\n            if let data = f.decodeData(WeirdCodeXData.self) { self = .weirdCodeX(data) } else { self = .other(backend) }\n"
        )
        expectContains(text, "        case \"default\": self = .`default`\n")
    }

    @Test func payloadEnumsNestInsideThePayload() throws {
        let text = Harness.file(
            try errors(
                ##"[{"code": "hidden", "data": {"type": "object", "properties": {"reason": {"type": "string", "enum": ["banned", "private"]}}, "required": ["reason"]}}]"##
            ), "RoomsNamespace.swift")
        expectContains(
            text,
            """
                public nonisolated struct HiddenData: Codable, Sendable {
                    public nonisolated enum ReasonValue: String, Codable, Sendable, CaseIterable {
                        case banned
                        case `private`
                    }

                    public let reason: ReasonValue
                }
                case hidden(HiddenData)
            """)
    }

    @Test(
        "codes that collide after camelCasing, or with .other, are rejected",
        arguments: [
            (##"[{"code": "todo_locked"}, {"code": "todoLocked"}]"##, "RoomsCreateError.todoLocked"),
            (##"[{"code": "other"}]"##, "RoomsCreateError.other"),
        ])
    func collidingCodes(declared: String, name: String) throws {
        let error = try #require(throws: CodegenError.self) { try errors(declared) }
        guard case .duplicateName(let reported, let pointers) = error else {
            Issue.record("unexpected \(error)")
            return
        }
        #expect(reported == name)
        #expect(pointers.first == "/paths/~1rooms/post/x-palbase-errors/0")
    }

    @Test func sameCodeTwiceIsRejected() {
        #expect(
            throws: CodegenError.duplicateName(
                name: "error code \"gone\"",
                pointers: ["/paths/~1rooms/post/x-palbase-errors/0", "/paths/~1rooms/post/x-palbase-errors/1"])
        ) {
            try errors(##"[{"code": "gone"}, {"code": "gone"}]"##)
        }
    }
}
