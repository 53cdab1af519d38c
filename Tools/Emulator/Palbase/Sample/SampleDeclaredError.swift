import EmulatorCore
import ErrorCore
import Foundation

/// An error an operation of the sample backend declares in `x-palbase-errors`, so generated clients lift it
/// into a typed case (`todo_locked` → `.todoLocked(TodoLockedData)`).
///
/// The handlers throw these through `error(_:data:headers:)` and the OpenAPI document lists them from the same
/// values, so a code, status or payload schema cannot drift between what is declared and what is sent.
package struct SampleDeclaredError: Sendable {
    /// The wire code, `error` in the envelope.
    package let code: String
    /// The HTTP status.
    package let status: Int
    /// What the error means, for the OpenAPI document.
    package let summary: String
    /// The JSON Schema of `data`, or nil when the error carries no payload.
    package let dataSchema: SampleSpecNode?

    /// The error to throw, with the envelope's `error_description`, the typed payload and extra headers.
    package func error(
        _ description: String, data: AnyCodableValue? = nil, headers: [(String, String)] = []
    ) -> PalbaseHTTPError {
        PalbaseHTTPError(status: status, code: code, description: description, data: data, headers: headers)
    }

    /// The `x-palbase-errors` entry: `{"code", "status", "description", "data"?}`.
    package var specEntry: SampleSpecNode {
        var entry: SampleSpecNode = ["code": .string(code), "status": .int(status), "description": .string(summary)]
        if let dataSchema { entry = entry.merging(["data": dataSchema]) }
        return entry
    }
}

extension SampleDeclaredError {
    /// 404: no todo with that id belongs to the caller (also for ids that are not ids at all, like `../..`).
    package static let todoNotFound = SampleDeclaredError(
        code: "todo_not_found", status: 404, summary: "No todo with this id belongs to the caller.", dataSchema: nil)

    /// 409 with `{retry_after: int}`: the todo is locked (see `todos.lock`).
    package static let todoLocked = SampleDeclaredError(
        code: "todo_locked", status: 409,
        summary: "The todo is locked (see `todos.lock`); a `Retry-After` header repeats `retry_after`.",
        dataSchema: [
            "type": "object", "required": ["retry_after"],
            "properties": [
                "retry_after": [
                    "type": "integer", "minimum": 1, "description": "Whole seconds until the lock ends, rounded up.",
                ]
            ],
        ])

    /// 429 with `{limit: int}`: the caller's todo quota is used up. Declared, so the SDK must not treat it as
    /// the generic `rate_limited`; it carries no `Retry-After` because waiting does not help.
    package static let todoQuotaExceeded = SampleDeclaredError(
        code: "todo_quota_exceeded", status: 429,
        summary: "The caller already has as many todos as its quota allows; delete one first.",
        dataSchema: [
            "type": "object", "required": ["limit"],
            "properties": ["limit": ["type": "integer", "minimum": 0, "description": "The quota."]],
        ])

    /// 404 on `rooms.create`: `parent_id` names no room of the caller.
    package static let parentRoomNotFound = SampleDeclaredError(
        code: "not_found", status: 404, summary: "`parent_id` names no room of the caller.", dataSchema: nil)

    /// 409 with `{retry_after: number}` (seconds with milliseconds): the parent room is locked.
    package static let roomLocked = SampleDeclaredError(
        code: "room_locked", status: 409,
        summary: "The parent room is locked; a `Retry-After` header carries `retry_after` rounded up.",
        dataSchema: [
            "type": "object", "required": ["retry_after"],
            "properties": [
                "retry_after": [
                    "type": "number", "minimum": 0,
                    "description": "Seconds (with milliseconds) until the parent's lock ends.",
                ]
            ],
        ])

    /// 404 on `messaging.send`: `room_id` names no room of the caller.
    package static let messageRoomNotFound = SampleDeclaredError(
        code: "not_found", status: 404, summary: "`room_id` names no room of the caller.", dataSchema: nil)

    /// 404: no schema is registered for the collection.
    package static let collectionNotFound = SampleDeclaredError(
        code: "collection_not_found", status: 404, summary: "No schema is registered for this collection.",
        dataSchema: nil)

    /// 404: no document with that id in the collection for the caller.
    package static let documentNotFound = SampleDeclaredError(
        code: "document_not_found", status: 404,
        summary: "No document with this id in the collection for the caller.", dataSchema: nil)

    /// 413: the uploaded file is larger than the route accepts (`x-palbase-upload.max_bytes`).
    package static let payloadTooLarge = SampleDeclaredError(
        code: "payload_too_large", status: 413,
        summary: "The file is larger than the upload accepts (see `x-palbase-upload`).", dataSchema: nil)

    /// 415: the uploaded file's media type is not one the route accepts (`x-palbase-upload.content_types`).
    package static let unsupportedMediaType = SampleDeclaredError(
        code: "unsupported_media_type", status: 415,
        summary: "The file's media type is not one the upload accepts (see `x-palbase-upload`).", dataSchema: nil)
}
