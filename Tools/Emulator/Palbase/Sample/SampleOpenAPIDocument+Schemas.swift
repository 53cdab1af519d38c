import EmulatorCore

extension SampleOpenAPIDocument {
    private static func timestamp(_ description: String) -> SampleSpecNode {
        ["type": "string", "format": "date-time", "description": .string(description)]
    }

    private static func nullableTimestamp(_ description: String) -> SampleSpecNode {
        ["type": ["string", "null"], "format": "date-time", "description": .string(description)]
    }

    private static let createdAt = timestamp("Creation time, ISO 8601 UTC with milliseconds.")

    private static func opaqueID(_ prefix: String) -> SampleSpecNode {
        ["type": "string", "description": .string("Opaque id, `\(prefix)_` followed by 32 hex digits.")]
    }

    private static let tagList: SampleSpecNode = [
        "type": "array", "maxItems": .int(SampleRules.maxTags),
        "items": ["type": "string", "minLength": 1, "maxLength": .int(SampleRules.maxTagLength)],
    ]

    private static let title: SampleSpecNode = [
        "type": "string", "minLength": 1, "maxLength": .int(SampleRules.maxTitleLength),
    ]

    private static let note: SampleSpecNode = [
        "type": ["string", "null"], "maxLength": .int(SampleRules.maxNoteLength),
    ]

    /// `components.schemas`.
    static let schemas: SampleSpecNode = [
        "Attachment": [
            "type": "object", "description": "A file stored by `todos.attach`.",
            "required": ["id", "todo_id", "filename", "content_type", "size", "sha256", "caption"],
            "properties": [
                "id": opaqueID("att"),
                "todo_id": ["type": "string", "description": "The todo the file is attached to."],
                "filename": ["type": "string", "description": "The file name the upload's `file` part carried."],
                "content_type": [
                    "type": "string", "description": "The file's media type, lowercased, without parameters.",
                ],
                "size": ["type": "integer", "minimum": 0, "description": "The file's length in bytes."],
                "sha256": [
                    "type": "string", "description": "SHA-256 of the stored bytes, 64 lowercase hex digits.",
                ],
                "caption": ["type": ["string", "null"], "description": "The caption sent with the file, or null."],
            ],
        ],
        "AttachTodoBody": [
            "type": "object", "required": ["file"],
            "description": .string(
                "Input of `todos.attach`, sent as `multipart/form-data`: the `file` part, plus an optional "
                    + "`caption` text part."),
            "properties": [
                "file": [
                    "type": "string", "format": "binary",
                    "description": "The file: a PNG or JPEG image, or a PDF, of at most 5 MiB.",
                ],
                "caption": [
                    "type": "string", "maxLength": .int(SampleAttachmentRules.maxCaptionLength),
                    "description": "A short caption; too long answers `validation_error`.",
                ],
            ],
        ],
        "Visibility": [
            "type": "string", "enum": .array(SampleVisibility.allCases.map { .string($0.rawValue) }),
            "description": "Who can see a record. Three values are Swift keywords, so generated enums escape them.",
        ],
        "Metadata": [
            "type": "object", "additionalProperties": true,
            "description": .string(
                "Free-form JSON object, stored and returned verbatim (keys are never case-converted). At most "
                    + "\(SampleRules.maxMetadataBytes / 1024) KiB once encoded."),
        ],
        "Todo": [
            "type": "object",
            "description":
                "A todo as the server returns it. Every key is always present; nullable ones are null when unset.",
            "required": [
                "id", "title", "completed", "tags", "visibility", "metadata", "note", "due_date", "created_at",
                "updated_at", "locked_until", "archived_at",
            ],
            "properties": [
                "id": opaqueID("todo"),
                "title": title,
                "completed": ["type": "boolean"],
                "tags": [
                    "type": "array", "items": ["type": "string"], "description": "Distinct tags in the order given.",
                ],
                "visibility": schemaRef("Visibility"),
                "metadata": schemaRef("Metadata"),
                "note": note,
                "due_date": nullableTimestamp("When the todo is due, or null."),
                "created_at": createdAt,
                "updated_at": timestamp("Last change made through `todos.update`, `todos.archive` or `todos.lock`."),
                "locked_until": nullableTimestamp(
                    "While in the future, `todos.update`, `todos.delete` and `todos.archive` answer `todo_locked`."),
                "archived_at": nullableTimestamp(
                    "Set once by `todos.archive`; archived todos are left out of `todos.list` unless asked for."),
            ],
        ],
        "CreateTodoBody": [
            "type": "object", "required": ["title"],
            "description": "Input of `todos.create`. Unknown keys are ignored.",
            "properties": [
                "title": title.merging([
                    "description": "Trimmed; empty after trimming or too long answers `validation_error`."
                ]),
                "completed": ["type": "boolean", "default": false],
                "tags": tagList.merging([
                    "description": "Trimmed and de-duplicated; an empty or over-long tag answers `validation_error`."
                ]),
                "visibility": schemaRef("Visibility").merging(["default": .string(SampleVisibility.default.rawValue)]),
                "metadata": schemaRef("Metadata"),
                "note": note,
                "due_date": ["type": ["string", "null"], "format": "date-time"],
            ],
        ],
        "UpdateTodoBody": [
            "type": "object",
            "description": .string(
                "Input of `todos.update`. Every key is optional: an absent key keeps the stored value. "
                    + "`note` and `due_date` are three-way: absent keeps, JSON null clears, a value sets."),
            "properties": [
                "title": title,
                "completed": ["type": "boolean"],
                "tags": tagList.merging(["description": "Replaces the whole list."]),
                "visibility": schemaRef("Visibility"),
                "metadata": schemaRef("Metadata").merging(["description": "Replaces the whole object."]),
                "note": note.merging(["description": "Absent keeps, null clears, a string sets."]),
                "due_date": nullableTimestamp("Absent keeps, null clears, a timestamp sets."),
            ],
        ],
        "LockTodoBody": [
            "type": "object", "required": ["seconds"], "description": "Input of `todos.lock`.",
            "properties": [
                "seconds": [
                    "type": "integer", "minimum": 0, "maximum": 86_400,
                    "description": "How long the todo stays locked from now; 0 unlocks it.",
                ]
            ],
        ],
        "Room": [
            "type": "object",
            "required": ["id", "name", "parent_id", "visibility", "metadata", "created_at", "locked_until"],
            "properties": [
                "id": opaqueID("room"),
                "name": ["type": "string", "minLength": 1, "maxLength": .int(SampleRules.maxRoomNameLength)],
                "parent_id": [
                    "type": ["string", "null"],
                    "description": "The room this one was created under, or null for a top-level room.",
                ],
                "visibility": schemaRef("Visibility"),
                "metadata": schemaRef("Metadata"),
                "created_at": createdAt,
                "locked_until": nullableTimestamp(
                    "While in the future, no room can be created under this one (`room_locked`)."),
            ],
        ],
        "CreateRoomBody": [
            "type": "object", "required": ["name"], "description": "Input of `rooms.create`. Unknown keys are ignored.",
            "properties": [
                "name": [
                    "type": "string", "minLength": 1, "maxLength": .int(SampleRules.maxRoomNameLength),
                    "description": "Trimmed; empty or too long answers `validation_error`.",
                ],
                "parent_id": [
                    "type": "string",
                    "description": .string(
                        "Create the room under this one: an unknown id answers `not_found`, a locked one "
                            + "`room_locked`."),
                ],
                "visibility": schemaRef("Visibility").merging(["default": .string(SampleVisibility.default.rawValue)]),
                "metadata": schemaRef("Metadata"),
                "lock_seconds": [
                    "type": "number", "minimum": 0, "maximum": 86_400,
                    "description": "Create the room locked for this many seconds (fractions allowed).",
                ],
            ],
        ],
        "SearchRoomsBody": [
            "type": "object",
            "description": "Input of `rooms.search`, sent in the body of a QUERY request. Every key is optional.",
            "properties": [
                "text": [
                    "type": "string", "maxLength": .int(SampleRules.maxSearchTextLength),
                    "description": "Case-insensitive substring of the room name.",
                ],
                "visibility": [
                    "type": "array", "items": schemaRef("Visibility"),
                    "description": "Only rooms with one of these visibilities.",
                ],
                "parent_id": [
                    "type": ["string", "null"],
                    "description": "Absent: any room; null: top-level rooms only; an id: that room's children.",
                ],
                "limit": ["type": "integer", "minimum": 1, "maximum": 100, "default": 20],
            ],
        ],
        "SearchRoomsResponse": [
            "type": "object", "required": ["rooms", "total"],
            "properties": [
                "rooms": [
                    "type": "array", "items": schemaRef("Room"), "description": "Oldest first, at most `limit`.",
                ],
                "total": [
                    "type": "integer", "minimum": 0, "description": "How many rooms matched before `limit` applied.",
                ],
            ],
        ],
        "Health": [
            "type": "object", "required": ["status", "time"],
            "properties": ["status": ["type": "string", "enum": ["ok"]], "time": timestamp("The server's clock.")],
        ],
        "SendMessageBody": [
            "type": "object", "required": ["room_id", "text"],
            "properties": [
                "room_id": ["type": "string"],
                "text": ["type": "string", "minLength": 1, "maxLength": .int(SampleRules.maxMessageLength)],
            ],
        ],
        "Message": [
            "type": "object", "required": ["id", "room_id", "text", "created_at"],
            "properties": [
                "id": opaqueID("msg"), "room_id": ["type": "string"], "text": ["type": "string"],
                "created_at": createdAt,
            ],
        ],
        "NoteDocument": SampleDocumentSchema.notes.jsonSchema.merging([
            "description": .string(
                "The schema the `notes` collection enforces: any violation answers `schema_validation_failed` with one "
                    + "detail per field.")
        ]),
        "Document": [
            "type": "object", "required": ["id", "collection", "data", "created_at"],
            "properties": [
                "id": opaqueID("doc"),
                "collection": ["type": "string"],
                "data": ["type": "object", "additionalProperties": true, "description": "The document as stored."],
                "created_at": createdAt,
            ],
        ],
        "FieldError": [
            "type": "object", "required": ["field", "message"],
            "properties": [
                "field": [
                    "type": "string",
                    "description": "Dotted path of the offending input (`tags.2`); empty for the body itself.",
                ],
                "message": ["type": "string"],
            ],
        ],
        "ErrorEnvelope": [
            "type": "object", "required": ["error", "error_description", "status", "request_id"],
            "description": "The body of every non-2xx response.",
            "properties": [
                "error": ["type": "string", "description": "Stable snake_case code, e.g. `todo_locked`."],
                "error_description": [
                    "type": "string", "description": "Human-readable English message; never parse it.",
                ],
                "status": ["type": "integer", "description": "Repeats the HTTP status."],
                "request_id": [
                    "type": "string", "description": "Repeats the `X-Request-Id` header (`req_<uuid>`).",
                ],
                "details": [
                    "type": ["array", "null"], "items": [:], "description": "Open list; usually `FieldError`s.",
                ],
                "data": [
                    "type": ["object", "null"], "additionalProperties": true,
                    "description": "Typed payload of a declared error (see `x-palbase-errors`).",
                ],
            ],
        ],
        "BadRequestEnvelope": [
            "description": .string(
                "Boundary validation failed (`bad_request`): the input did not parse or did not match "
                    + "the operation's schema. The per-field list sits at the top level in `fields`, not in `details` "
                    + "(a known mismatch with the SDK, which reads `details`)."),
            "allOf": [
                schemaRef("ErrorEnvelope"),
                [
                    "type": "object", "required": ["fields"],
                    "properties": [
                        "error": ["const": "bad_request"],
                        "fields": ["type": "array", "items": schemaRef("FieldError")],
                    ],
                ],
            ],
        ],
        "ValidationErrorEnvelope": [
            "description": .string(
                "The input parsed but a rule was broken (`validation_error` from a handler, "
                    + "`schema_validation_failed` from a documents collection): one `FieldError` per problem in `details`."
            ),
            "allOf": [
                schemaRef("ErrorEnvelope"),
                [
                    "type": "object", "required": ["details"],
                    "properties": [
                        "error": ["enum": ["validation_error", "schema_validation_failed"]],
                        "details": ["type": "array", "items": schemaRef("FieldError")],
                    ],
                ],
            ],
        ],
    ]
}
