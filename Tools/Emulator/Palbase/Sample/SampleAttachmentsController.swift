import EmulatorCore
import ErrorCore
import Foundation
import SDKCrypto

/// The attachment route of the sample backend's `TodosController`: `POST /todos/{id}/attachment`, an
/// `@Upload` route taking one `multipart/form-data` body.
///
/// The checks, in order: the todo (404 `todo_not_found`), the multipart framing and its parts (400
/// `bad_request`), the file's media type (415 `unsupported_media_type`), its size (413
/// `payload_too_large`), then the caption's rule (400 `validation_error`). A body too big to hold an
/// acceptable file never gets here: the emulator refuses it by its `Content-Length` before reading it
/// (see `SampleBackend.maxBodyBytes(method:segments:)`).
struct SampleAttachmentsController {
    let context: SampleContext

    private var store: SQLiteDatabase { context.store }

    /// POST /todos/{id}/attachment → 201 `{id, todo_id, filename, content_type, size, sha256, caption}`.
    func attach(todoID: String) throws -> PalbaseResponse {
        let exists = try store.query(
            "SELECT 1 AS found FROM sample_todos WHERE tenant = ? AND id = ?", [.text(context.tenant), .text(todoID)])
        guard !exists.isEmpty else { throw context.error(.todoNotFound, "Todo not found") }

        let form = try SampleMultipartForm(
            contentType: context.request.headers["Content-Type"], body: context.request.body)
        var issues: [SampleFieldIssue] = []
        for name in Set(form.fields.keys).union(form.files.keys).subtracting(["file", "caption"]).sorted() {
            issues.append(SampleFieldIssue(field: name, message: "Unknown field"))
        }
        if form.files["caption"] != nil || (form.fields["caption"]?.count ?? 0) > 1 {
            issues.append(SampleFieldIssue(field: "caption", message: "Expected one text value"))
        }
        let file = form.files["file"]
        if file == nil { issues.append(SampleFieldIssue(field: "file", message: "Required file part is missing")) }
        guard issues.isEmpty, let file else { throw SampleErrors.badRequest(issues) }

        let mediaType = file.contentType.split(separator: ";")[0].trimmingCharacters(in: .whitespaces).lowercased()
        let upload = try context.attachmentRules()
        guard upload.accepts(mediaType) else {
            throw context.error(
                .unsupportedMediaType,
                "\(mediaType) is not accepted; send one of " + upload.contentTypes.joined(separator: ", "))
        }
        guard file.bytes.count <= upload.maxFileBytes else {
            throw context.error(
                .payloadTooLarge,
                "The file is \(file.bytes.count) bytes; at most \(upload.maxFileBytes) are accepted")
        }
        let caption = form.fields["caption"]?.first
        var rules = SampleRules()
        rules.length(caption, field: "caption", maxLength: upload.maxCaptionLength)
        try rules.finish()

        let id = context.newID("att")
        let sha256 = SHA256.hash(file.bytes).map { String(format: "%02x", $0) }.joined()
        try store.execute(
            """
            INSERT INTO sample_attachments
                (tenant, id, todo_id, filename, content_type, size, sha256, caption, bytes, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                .text(context.tenant), .text(id), .text(todoID), .text(file.filename), .text(mediaType),
                .integer(Int64(file.bytes.count)), .text(sha256), caption.map(SQLiteValue.text) ?? .null,
                .blob(file.bytes), .integer(context.now),
            ])
        return .json(
            .object([
                "id": .string(id), "todo_id": .string(todoID), "filename": .string(file.filename),
                "content_type": .string(mediaType), "size": .int(file.bytes.count), "sha256": .string(sha256),
                "caption": caption.map(AnyCodableValue.string) ?? .null,
            ]), status: 201)
    }
}

/// The attachment route's upload contract, read from the OpenAPI document: the operation's
/// `x-palbase-upload` (`{max_bytes, content_types}`) and its body schema's `caption.maxLength`, so the limits
/// the handler enforces are the declared ones.
package struct SampleAttachmentRules: Sendable, Equatable {
    /// The largest file accepted (`max_bytes`).
    package let maxFileBytes: Int
    /// The media types accepted (`content_types`, lowercased; `type/*` accepts a whole type, and an empty
    /// list any type).
    package let contentTypes: [String]
    /// Longest caption, in characters.
    package let maxCaptionLength: Int

    /// Creates the rules.
    package init(maxFileBytes: Int, contentTypes: [String], maxCaptionLength: Int) {
        self.maxFileBytes = maxFileBytes
        self.contentTypes = contentTypes
        self.maxCaptionLength = maxCaptionLength
    }

    /// Room for the multipart framing and the caption around the largest file: a declared body longer than
    /// the file limit plus this cannot hold an acceptable file, and is refused before it is read.
    package static let framingAllowance = 64 << 10
    /// The largest request body the route reads.
    package var maxBodyBytes: Int { maxFileBytes + Self.framingAllowance }

    /// Whether a file of `mediaType` (lowercased, without parameters) is accepted.
    package func accepts(_ mediaType: String) -> Bool {
        contentTypes.isEmpty
            || contentTypes.contains { accepted in
                accepted == mediaType
                    || (accepted.hasSuffix("/*") && mediaType.hasPrefix(accepted.dropLast()))
            }
    }
}
