import EmulatorCore
import Foundation

/// The OpenAPI 3.1 document of the sample backend, built from the same values the handlers use (error
/// codes and statuses, limits, the visibility cases, the `notes` schema) so the contract cannot drift from
/// the behaviour. `Specs/palbase/openapi.json` is this document rendered; a test keeps the two identical,
/// and the emulator serves it at `GET /openapi.json`.
///
/// Conventions the code generator relies on: operation ids are `<namespace>.<method>` (`health` has no dot,
/// `messaging.send` is in a reserved namespace); declared errors sit in `x-palbase-errors` as
/// `{code, status, description, data?}`; nullable fields are `type: [T, "null"]`; `rooms.search` uses the
/// OpenAPI 3.2 `query` operation key plus `x-palbase-method: QUERY` — the one deliberate departure from 3.1;
/// `todos.attach` is an upload: a `multipart/form-data` body with a binary `file` and its limits in
/// `x-palbase-upload: {max_bytes, content_types}`.
package enum SampleOpenAPIDocument {
    /// The document as a JSON tree.
    package static let document: SampleSpecNode = [
        "openapi": "3.1.0",
        "info": [
            "title": "Palbase sample backend",
            "version": "1.0.0",
            "description": .string(
                "The backend the local emulator serves for SDK tests and demos. JSON bodies are snake_case; "
                    + "timestamps are ISO 8601 UTC with milliseconds (`2025-01-02T03:04:05.678Z`). Every response "
                    + "carries `X-Request-Id`; every non-2xx response is an `ErrorEnvelope`. Declared errors of each "
                    + "operation are listed in `x-palbase-errors`. Types, required keys, enums, formats and numeric "
                    + "ranges are checked at the boundary (400 `bad_request`, list in top-level `fields`); text and "
                    + "list rules (trimmed lengths, tags, metadata size) by the handler (400 `validation_error`, list "
                    + "in `details`). Bodies nest at most \(SampleJSON.maxDepth) levels deep. Data belongs to the caller: the API key's tenant now, the signed-in user once "
                    + "sessions exist. `rooms.search` uses the OpenAPI 3.2 `query` operation key."),
        ],
        "servers": [["url": "http://127.0.0.1:54321", "description": "Local emulator (the port may differ)."]],
        "security": [["apikey": []]],
        "tags": [
            ["name": "docs", "description": "Schema-enforced documents (a Palbase module, sealed)."],
            ["name": "health", "description": "Liveness."],
            ["name": "messaging", "description": "MessagingController: a reserved namespace."],
            ["name": "rooms", "description": "RoomsController."],
            ["name": "todos", "description": "TodosController."],
        ],
        "paths": paths,
        "components": [
            "schemas": schemas,
            "parameters": parameters,
            "responses": responses,
            "headers": headers,
            "securitySchemes": [
                "apikey": [
                    "type": "apiKey", "in": "header", "name": "apikey",
                    "description": "The project's API key (`api_key` in Palbase-Info.plist).",
                ]
            ],
        ],
    ]

    /// The document rendered as pretty-printed JSON with sorted keys (plus a final newline): the exact
    /// bytes of `Specs/palbase/openapi.json`.
    package static let renderedJSON: Data = SampleJSON.render(document, pretty: true) + Data("\n".utf8)

    // MARK: - Building blocks

    static func ref(_ kind: String, _ name: String) -> SampleSpecNode {
        ["$ref": .string("#/components/\(kind)/\(name)")]
    }

    static func schemaRef(_ name: String) -> SampleSpecNode { ref("schemas", name) }

    static func jsonContent(_ schema: SampleSpecNode) -> SampleSpecNode {
        ["application/json": ["schema": schema]]
    }

    static func jsonBody(_ schema: SampleSpecNode, _ description: String) -> SampleSpecNode {
        ["required": true, "description": .string(description), "content": jsonContent(schema)]
    }

    static func jsonResponse(
        _ description: String, _ schema: SampleSpecNode, headers: SampleSpecNode? = nil
    ) -> SampleSpecNode {
        let response: SampleSpecNode = ["description": .string(description), "content": jsonContent(schema)]
        return headers.map { response.merging(["headers": $0]) } ?? response
    }

    /// One operation: its `responses` gain `400` (unless `badRequest` is nil), `404`/`409`/`413`/`415` when a
    /// declared
    /// error has that status, `429` and `default`; `x-palbase-errors` lists `errors` when there are any.
    static func operation(
        _ id: String, tag: String, summary: String, description: String, parameters: [String] = [],
        body: SampleSpecNode? = nil, success: SampleSpecNode, errors: [SampleDeclaredError] = [],
        badRequest: String? = "BadRequest", extra: SampleSpecNode = [:]
    ) -> SampleSpecNode {
        var responses = success
        if let badRequest { responses = responses.merging(["400": ref("responses", badRequest)]) }
        let statuses = Set(errors.map(\.status))
        if statuses.contains(404) { responses = responses.merging(["404": ref("responses", "NotFound")]) }
        if statuses.contains(409) { responses = responses.merging(["409": ref("responses", "Conflict")]) }
        if statuses.contains(413) { responses = responses.merging(["413": ref("responses", "PayloadTooLarge")]) }
        if statuses.contains(415) {
            responses = responses.merging(["415": ref("responses", "UnsupportedMediaType")])
        }
        responses = responses.merging([
            "429": ref("responses", "TooManyRequests"), "default": ref("responses", "Error"),
        ])

        var node: SampleSpecNode = [
            "operationId": .string(id), "tags": [.string(tag)], "summary": .string(summary),
            "description": .string(description), "responses": responses,
        ]
        if !parameters.isEmpty { node = node.merging(["parameters": .array(parameters.map { ref("parameters", $0) })]) }
        if let body { node = node.merging(["requestBody": body]) }
        if !errors.isEmpty { node = node.merging(["x-palbase-errors": .array(errors.map(\.specEntry))]) }
        return node.merging(extra)
    }
}
