import EmulatorCore

/// The wire code of an error the sample backend's handlers answer as a declared error of their operation.
///
/// The handler names the code; the operation's `x-palbase-errors` entry in the OpenAPI document gives the
/// status (see `SampleDeclaredError`), so the two cannot disagree.
package enum SampleErrorCode: String, Sendable, CaseIterable {
    /// No todo with that id belongs to the caller (also for ids that are not ids at all, like `../..`).
    case todoNotFound = "todo_not_found"
    /// The todo is locked (see `todos.lock`), with `{retry_after: int}`.
    case todoLocked = "todo_locked"
    /// The caller's todo quota is used up, with `{limit: int}`. No `Retry-After`: waiting does not help.
    case todoQuotaExceeded = "todo_quota_exceeded"
    /// `parent_id` (on `rooms.create`) or `room_id` (on `messaging.send`) names no room of the caller.
    case notFound = "not_found"
    /// The parent room is locked, with `{retry_after: number}` (seconds with milliseconds).
    case roomLocked = "room_locked"
    /// No schema is registered for the collection.
    case collectionNotFound = "collection_not_found"
    /// No document with that id in the collection for the caller.
    case documentNotFound = "document_not_found"
    /// The uploaded file is larger than the operation's `x-palbase-upload.max_bytes`.
    case payloadTooLarge = "payload_too_large"
    /// The uploaded file's media type is not one of the operation's `x-palbase-upload.content_types`.
    case unsupportedMediaType = "unsupported_media_type"
}
