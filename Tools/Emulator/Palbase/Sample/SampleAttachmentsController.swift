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
        guard !exists.isEmpty else { throw SampleDeclaredError.todoNotFound.error("Todo not found") }

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
        guard SampleAttachmentRules.contentTypes.contains(mediaType) else {
            throw SampleDeclaredError.unsupportedMediaType.error(
                "\(mediaType) is not accepted; send one of "
                    + SampleAttachmentRules.contentTypes.joined(separator: ", "))
        }
        guard file.bytes.count <= SampleAttachmentRules.maxFileBytes else {
            throw SampleDeclaredError.payloadTooLarge.error(
                "The file is \(file.bytes.count) bytes; at most \(SampleAttachmentRules.maxFileBytes) are accepted")
        }
        let caption = form.fields["caption"]?.first
        var rules = SampleRules()
        rules.length(caption, field: "caption", maxLength: SampleAttachmentRules.maxCaptionLength)
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

/// The attachment route's upload contract, shared by the handler and the OpenAPI document's
/// `x-palbase-upload`, so the declared limits cannot drift from the enforced ones.
package enum SampleAttachmentRules {
    /// The largest file accepted: 5 MiB.
    package static let maxFileBytes = 5 << 20
    /// The media types accepted.
    package static let contentTypes = ["image/png", "image/jpeg", "application/pdf"]
    /// Longest caption, in characters.
    package static let maxCaptionLength = 200
    /// Room for the multipart framing and the caption around the largest file: a declared body longer than
    /// the file limit plus this cannot hold an acceptable file, and is refused before it is read.
    package static let framingAllowance = 64 << 10
    /// The largest request body the route reads.
    package static var maxBodyBytes: Int { maxFileBytes + framingAllowance }
}
