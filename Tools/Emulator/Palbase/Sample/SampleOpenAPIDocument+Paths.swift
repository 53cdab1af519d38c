import EmulatorCore

extension SampleOpenAPIDocument {
    /// Every route, keyed by path template.
    static let paths: SampleSpecNode = [
        "/health": [
            "get": operation(
                "health", tag: "health", summary: "Liveness probe",
                description: "An operation id without a dot: the generated method sits directly on `pb`.",
                success: ["200": jsonResponse("The backend is up.", schemaRef("Health"))], badRequest: nil)
        ],
        "/todos": [
            "get": operation(
                "todos.list", tag: "todos", summary: "List todos",
                description: "The caller's todos, oldest first, one page at a time, as a bare array. Archived "
                    + "todos are left out unless `include_archived=true`.",
                parameters: ["Page", "PerPage", "Completed", "Tags", "IncludeArchived"],
                success: [
                    "200": jsonResponse(
                        "One page of todos (possibly empty).", ["type": "array", "items": schemaRef("Todo")],
                        headers: ["X-Total-Count": ref("headers", "TotalCount")])
                ]),
            "post": operation(
                "todos.create", tag: "todos", summary: "Create a todo",
                description: "Creates a todo for the caller. Each caller (API key now, user once signed in) has a "
                    + "todo quota (500 by default); archived todos count, deleted ones do not.",
                body: jsonBody(schemaRef("CreateTodoBody"), "The new todo."),
                success: ["201": jsonResponse("The created todo.", schemaRef("Todo"))],
                errors: [.todoQuotaExceeded], badRequest: "InvalidInput"),
        ],
        "/todos/{id}": [
            "get": operation(
                "todos.get", tag: "todos", summary: "Fetch a todo",
                description: "One of the caller's todos, archived or not.",
                parameters: ["TodoID"], success: ["200": jsonResponse("The todo.", schemaRef("Todo"))],
                errors: [.todoNotFound]),
            "patch": operation(
                "todos.update", tag: "todos", summary: "Change a todo",
                description: "Applies the keys present in the body; see `UpdateTodoBody` for the three-way `note` "
                    + "and `due_date`. `updated_at` moves only when at least one key was present.",
                parameters: ["TodoID"], body: jsonBody(schemaRef("UpdateTodoBody"), "The changes."),
                success: ["200": jsonResponse("The todo after the change.", schemaRef("Todo"))],
                errors: [.todoNotFound, .todoLocked], badRequest: "InvalidInput"),
            "delete": operation(
                "todos.delete", tag: "todos", summary: "Delete a todo",
                description: "Deletes the todo for good, freeing a unit of quota.", parameters: ["TodoID"],
                success: ["204": ["description": "Deleted."]], errors: [.todoNotFound, .todoLocked]),
        ],
        "/todos/{id}/archive": [
            "post": operation(
                "todos.archive", tag: "todos", summary: "Archive a todo",
                description: "Takes no body and answers no body. Archiving an archived todo changes nothing.",
                parameters: ["TodoID"], success: ["204": ["description": "Archived."]],
                errors: [.todoNotFound, .todoLocked])
        ],
        "/todos/{id}/lock": [
            "post": operation(
                "todos.lock", tag: "todos", summary: "Lock or unlock a todo",
                description: "Locks the todo for `seconds` from now (0 unlocks), replacing any current lock. While "
                    + "locked, `todos.update`, `todos.delete` and `todos.archive` answer `todo_locked`.",
                parameters: ["TodoID"], body: jsonBody(schemaRef("LockTodoBody"), "How long to lock."),
                success: ["200": jsonResponse("The todo with its new `locked_until`.", schemaRef("Todo"))],
                errors: [.todoNotFound])
        ],
        "/todos/{id}/attachment": [
            "post": operation(
                "todos.attach", tag: "todos", summary: "Attach a file to a todo",
                description: "An upload route: one `multipart/form-data` POST with the file in the `file` part and an "
                    + "optional `caption`. Answers the stored file's size and SHA-256. Clients check "
                    + "`x-palbase-upload` before sending; a body that breaks it anyway answers `payload_too_large` "
                    + "or `unsupported_media_type`.",
                parameters: ["TodoID"],
                body: [
                    "required": true, "description": "The file and its caption.",
                    "content": ["multipart/form-data": ["schema": schemaRef("AttachTodoBody")]],
                ],
                success: ["201": jsonResponse("The stored attachment.", schemaRef("Attachment"))],
                errors: [.todoNotFound, .payloadTooLarge, .unsupportedMediaType], badRequest: "InvalidInput",
                extra: [
                    "x-palbase-upload": [
                        "max_bytes": .int(SampleAttachmentRules.maxFileBytes),
                        "content_types": .array(SampleAttachmentRules.contentTypes.map { .string($0) }),
                    ]
                ])
        ],
        "/rooms": [
            "post": operation(
                "rooms.create", tag: "rooms", summary: "Create a room",
                description: "Creates a room, optionally under a parent room and optionally locked. No room can be "
                    + "created under a locked one.",
                body: jsonBody(schemaRef("CreateRoomBody"), "The new room."),
                success: ["201": jsonResponse("The created room.", schemaRef("Room"))],
                errors: [.parentRoomNotFound, .roomLocked], badRequest: "InvalidInput")
        ],
        "/rooms/search": [
            "query": operation(
                "rooms.search", tag: "rooms", summary: "Search rooms",
                description: "A QUERY request (safe and idempotent like GET, input in the body like POST). "
                    + "`x-palbase-method` repeats the verb for generators that only know OpenAPI 3.1.",
                body: jsonBody(schemaRef("SearchRoomsBody"), "The search."),
                success: ["200": jsonResponse("The matching rooms.", schemaRef("SearchRoomsResponse"))],
                badRequest: "InvalidInput", extra: ["x-palbase-method": "QUERY"])
        ],
        "/messages": [
            "post": operation(
                "messaging.send", tag: "messaging", summary: "Send a message to a room",
                description: "Lives in the SDK-owned `messaging` namespace on purpose: code generators skip it.",
                body: jsonBody(schemaRef("SendMessageBody"), "The message."),
                success: ["201": jsonResponse("The stored message.", schemaRef("Message"))],
                errors: [.messageRoomNotFound], badRequest: "InvalidInput")
        ],
        "/v1/docs/{collection}": [
            "post": operation(
                "docs.insert", tag: "docs", summary: "Insert a document",
                description: "Stores a document after checking it against the collection's schema (the sample "
                    + "registers `notes`, see `NoteDocument`). The path is sealed: request and response bodies "
                    + "travel in the `v1` sealed envelope.",
                parameters: ["Collection"],
                body: jsonBody(
                    ["type": "object", "additionalProperties": true],
                    "The document; the collection's schema decides what is valid."),
                success: ["201": jsonResponse("The stored document.", schemaRef("Document"))],
                errors: [.collectionNotFound], badRequest: "SchemaInvalid", extra: ["x-palbase-sealed": true])
        ],
        "/v1/docs/{collection}/{id}": [
            "get": operation(
                "docs.get", tag: "docs", summary: "Fetch a document",
                description: "One of the caller's documents in a collection.",
                parameters: ["Collection", "DocumentID"],
                success: ["200": jsonResponse("The document.", schemaRef("Document"))],
                errors: [.collectionNotFound, .documentNotFound], extra: ["x-palbase-sealed": true])
        ],
    ]
}
