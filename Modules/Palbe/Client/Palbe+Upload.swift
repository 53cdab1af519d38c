import ErrorCore
import Foundation

extension PalbeClient {
    /// Uploads `file` with `fields` to the upload route at path `name`, for when there is no generated
    /// method: the untyped sibling of ``call(_:_:as:method:headers:)`` for `@Upload` routes.
    ///
    /// ```swift
    /// struct Attachment: Decodable, Sendable { let id: String; let size: Int; let sha256: String }
    /// let attachment: Attachment = try await pb.upload(
    ///     "todos/\(id)/attachment", ["caption": "receipt"],
    ///     file: .file(receiptURL, contentType: "application/pdf"),
    ///     constraints: PBUploadConstraints(maxBytes: 5 << 20, contentTypes: ["application/pdf"]))
    /// ```
    ///
    /// - Parameters:
    ///   - name: the route's path, sent verbatim (`"todos/\(id)/attachment"`; a leading slash is tolerated).
    ///   - fields: the route's other text fields, one part per key (see ``PBUploadForm/fields``).
    ///   - file: the file, sent as the part named `file`; a file on disk is streamed.
    ///   - as: the type a 2xx body decodes to.
    ///   - constraints: checked before anything is sent; ``PBUploadConstraints/none`` (the default) leaves
    ///     the decision to the server (413 `payload_too_large`, 415 `unsupported_media_type`).
    ///   - headers: merged onto the SDK's; a non-blank value wins, except `Content-Type`, which carries the
    ///     multipart boundary.
    ///   - progress: told the body bytes sent so far and the total, on the transport's thread.
    /// - Throws: ``BackendError``, after the hook saw it: ``BackendError/validation(_:)`` with one
    ///   ``FieldError`` on `"file"` when `constraints` are broken (nothing is sent).
    @discardableResult
    public func upload<I: Encodable & Sendable, O: Decodable & Sendable>(
        _ name: String,
        _ fields: I,
        file: PBUpload,
        as: O.Type = O.self,
        constraints: PBUploadConstraints = .none,
        headers: [String: String] = [:],
        progress: (@Sendable (_ sent: Int64, _ total: Int64) -> Void)? = nil
    ) async throws(BackendError) -> O {
        let form = PBUploadForm(file: file, fields: fields, constraints: constraints, progress: progress)
        return try await perform(PBRequest(.post, [.literal(name)], upload: form, headers: headers), as: O.self)
    }

    /// Uploads `file` alone to the upload route at path `name`.
    ///
    /// ```swift
    /// let attachment: Attachment = try await pb.upload(
    ///     "todos/\(id)/attachment", file: .data(png, filename: "dot.png", contentType: "image/png"))
    /// ```
    ///
    /// - Throws: ``BackendError``, after the hook saw it.
    @discardableResult
    public func upload<O: Decodable & Sendable>(
        _ name: String,
        file: PBUpload,
        as: O.Type = O.self,
        constraints: PBUploadConstraints = .none,
        headers: [String: String] = [:],
        progress: (@Sendable (_ sent: Int64, _ total: Int64) -> Void)? = nil
    ) async throws(BackendError) -> O {
        let form = PBUploadForm(file: file, constraints: constraints, progress: progress)
        return try await perform(PBRequest(.post, [.literal(name)], upload: form, headers: headers), as: O.self)
    }
}
