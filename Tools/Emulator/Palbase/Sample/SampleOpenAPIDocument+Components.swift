import EmulatorCore

extension SampleOpenAPIDocument {
    /// `components.parameters`.
    static let parameters: SampleSpecNode = [
        "TodoID": [
            "name": "id", "in": "path", "required": true,
            "description": "A todo id; any other string answers `todo_not_found`.", "schema": ["type": "string"],
        ],
        "Page": [
            "name": "page", "in": "query", "required": false, "description": "1-based page number.",
            "schema": ["type": "integer", "minimum": 1, "default": 1],
        ],
        "PerPage": [
            "name": "per_page", "in": "query", "required": false,
            "schema": ["type": "integer", "minimum": 1, "maximum": 100, "default": 20],
        ],
        "Completed": [
            "name": "completed", "in": "query", "required": false,
            "description": "Only completed (`true`) or open (`false`) todos.", "schema": ["type": "boolean"],
        ],
        "Tags": [
            "name": "tags", "in": "query", "required": false, "style": "form", "explode": true,
            "description": .string(
                "Only todos carrying every one of these tags; repeat the key (`tags=a&tags=b`). "
                    + "`tags[]=a` is accepted too."),
            "schema": ["type": "array", "items": ["type": "string"]],
        ],
        "IncludeArchived": [
            "name": "include_archived", "in": "query", "required": false,
            "schema": ["type": "boolean", "default": false],
        ],
        "Collection": [
            "name": "collection", "in": "path", "required": true,
            "description": .string(
                "Collection name: a lowercase letter, then up to 62 lowercase letters, digits or "
                    + "underscores; anything else answers `bad_request`."),
            "schema": ["type": "string", "pattern": "^[a-z][a-z0-9_]{0,62}$"],
        ],
        "DocumentID": ["name": "id", "in": "path", "required": true, "schema": ["type": "string"]],
    ]

    /// `components.responses`.
    static let responses: SampleSpecNode = [
        "BadRequest": jsonResponse(
            "`bad_request`: the input did not match the operation's schema; see `BadRequestEnvelope`.",
            schemaRef("BadRequestEnvelope")),
        "InvalidInput": jsonResponse(
            "`bad_request` (top-level `fields`) when the input does not match the schema, or `validation_error` "
                + "(`details`) when a handler rule rejects it.",
            ["oneOf": [schemaRef("BadRequestEnvelope"), schemaRef("ValidationErrorEnvelope")]]),
        "SchemaInvalid": jsonResponse(
            "`bad_request` when the body is not JSON or the collection name is malformed, "
                + "`schema_validation_failed` (`details`) when the document breaks the collection's schema.",
            ["oneOf": [schemaRef("BadRequestEnvelope"), schemaRef("ValidationErrorEnvelope")]]),
        "NotFound": jsonResponse("A declared not-found error; see `x-palbase-errors`.", schemaRef("ErrorEnvelope")),
        "Conflict": jsonResponse("A declared conflict; see `x-palbase-errors`.", schemaRef("ErrorEnvelope")),
        "PayloadTooLarge": jsonResponse(
            "`payload_too_large`: the upload is over its limit (refused before it is read when `Content-Length` "
                + "already says so).",
            schemaRef("ErrorEnvelope")),
        "UnsupportedMediaType": jsonResponse(
            "`unsupported_media_type`: the uploaded file's type is not accepted.", schemaRef("ErrorEnvelope")),
        "TooManyRequests": jsonResponse(
            "`rate_limited` with `Retry-After` when the API key exceeds its request rate, or a declared 429 listed in "
                + "`x-palbase-errors` (no `Retry-After`).",
            schemaRef("ErrorEnvelope"), headers: ["Retry-After": ref("headers", "RetryAfter")]),
        "Error": jsonResponse("Any other failure, in the standard envelope.", schemaRef("ErrorEnvelope")),
    ]

    /// `components.headers`.
    static let headers: SampleSpecNode = [
        "RetryAfter": [
            "description": "Whole seconds to wait before retrying.", "schema": ["type": "integer", "minimum": 1],
        ],
        "TotalCount": [
            "description": "How many todos matched the filters, across all pages.",
            "schema": ["type": "integer", "minimum": 0],
        ],
    ]
}
