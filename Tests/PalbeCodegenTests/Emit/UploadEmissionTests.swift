import Foundation
import Testing

@testable import PalbeCodegen

/// Upload routes: a `multipart/form-data` body with a binary `file` becomes a method taking a `PBUpload`,
/// the other text fields and a progress observer, with `x-palbase-upload` checked before sending.
@Suite struct UploadEmissionTests {
    private static let attachment =
        ##""Attachment": {"type": "object", "required": ["id", "size"], "properties": {"id": {"type": "string"}, "size": {"type": "integer"}}}"##

    /// An upload operation at `/u` (or `path`) whose multipart schema is `schema` and whose extensions are `extra`.
    private static func upload(
        schema: String,
        extra: String = ##""x-palbase-upload": {"max_bytes": 1024, "content_types": ["image/png", "image/*"]}"##,
        method: String = "post", path: String = "/u", parameters: String = "[]"
    ) -> String {
        Harness.spec(
            paths: Harness.path(
                path, method,
                ##"""
                {"operationId": "files.put", "parameters": \##(parameters),
                 "requestBody": {"required": true, "content": {"multipart/form-data": {"schema": \##(schema)}}},
                 \##(extra.isEmpty ? "" : extra + ",")
                 "responses": {"201": {"description": "Stored.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Attachment"}}}}}}
                """##),
            schemas: attachment
                + ##", "Form": {"type": "object", "required": ["file", "title"], "properties": {"file": {"type": "string", "format": "binary"}, "title": {"type": "string"}, "rank": {"type": "integer"}, "tags": {"type": "array", "items": {"type": "string"}}}}"##
        )
    }

    private static let idParameter =
        ##"[{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}]"##

    @Test func uploadTakesAFileItsTextFieldsAndProgress() throws {
        let output = try Harness.generate(
            Self.upload(
                schema: ##"{"$ref": "#/components/schemas/Form"}"##, path: "/things/{id}/file",
                parameters: Self.idParameter))
        #expect(output.warnings.isEmpty)
        let text = Harness.file(output, "FilesNamespace.swift")
        expectContains(
            text,
            """
                /// `POST /things/{id}/file` (`files.put`).
                ///
                /// An upload: `file` is the `file` part of one `multipart/form-data` body, streamed from disk when it
                /// is a file; `progress` hears the bytes sent out of the total.
                /// Checked before anything is sent: the file must be at most 1024 bytes and of type `image/png`, `image/*`; a
                /// violation throws `.other(.validation(_:))` with one field error on `file`.
                @discardableResult
                public func put(id: String, file: PBUpload, _ input: FilesPutInput, progress: (@Sendable (_ sent: Int64, _ total: Int64) -> Void)? = nil) async throws(FilesPutError) -> FilesPutResponse {
                    try await client.call(FilesPutEndpoint(id: id, file: file, input: input, progress: progress))
                }
            """)
        // The text fields, without the file; `title` stays required.
        expectContains(
            text,
            """
            public nonisolated struct FilesPutInput: Codable, Sendable, Equatable {
                public var title: String
                public var rank: Int?
                public var tags: [String]?
            """)
        expectContains(
            text,
            """
                public static let constraints = PBUploadConstraints(maxBytes: 1024, contentTypes: ["image/png", "image/*"])

                public let id: String
                public let file: PBUpload
                public let input: FilesPutInput
                public let progress: (@Sendable (_ sent: Int64, _ total: Int64) -> Void)?
            """)
        expectContains(
            text,
            "public var pbRequest: PBRequest { PBRequest(.post, [\"things\", .param(id), \"file\"], upload: PBUploadForm(file: file, fields: input, constraints: Self.constraints, progress: progress)) }"
        )
        // The multipart component itself is not a model: its `file` cannot be one.
        #expect(!output.files.map(\.name).contains("Form.swift"))
        expectLacks(Harness.allText(output), "public var file: ")
    }

    @Test func aFileOnlyUploadHasNoInputAndAnUnboundedOneChecksNothing() throws {
        let output = try Harness.generate(
            Self.upload(
                schema: ##"{"type": "object", "properties": {"file": {"type": "string", "format": "binary"}}}"##,
                extra: ""))
        let text = Harness.file(output, "FilesNamespace.swift")
        expectContains(
            text,
            "public func put(file: PBUpload, progress: (@Sendable (_ sent: Int64, _ total: Int64) -> Void)? = nil) async throws(FilesPutError) -> FilesPutResponse {"
        )
        expectContains(text, "/// The contract sets no limits, so nothing is checked before sending.")
        expectContains(text, "public static let constraints = PBUploadConstraints(maxBytes: nil, contentTypes: [])")
        expectContains(
            text,
            "PBRequest(.post, [\"u\"], upload: PBUploadForm(file: file, constraints: Self.constraints, progress: progress))"
        )
        expectLacks(text, "FilesPutInput")
        #expect(
            output.warnings.map(\.message) == [
                "upload \"files.put\" has no x-palbase-upload; the SDK checks no size or type before sending"
            ])
    }

    @Test func unknownConstraintKeysWarnAndTypesAreLowercased() throws {
        let output = try Harness.generate(
            Self.upload(
                schema: ##"{"$ref": "#/components/schemas/Form"}"##,
                extra: ##""x-palbase-upload": {"content_types": ["Image/PNG"], "max_files": 2}"##))
        expectContains(
            Harness.file(output, "FilesNamespace.swift"),
            "PBUploadConstraints(maxBytes: nil, contentTypes: [\"image/png\"])")
        #expect(output.warnings.map(\.pointer) == ["/paths/~1u/post/x-palbase-upload/max_files"])
    }

    @Test(
        arguments: [
            (
                ##""x-palbase-upload": "5MB""##,
                CodegenError.invalidSpec(
                    pointer: "/paths/~1u/post/x-palbase-upload",
                    reason: "expected an object with max_bytes and content_types, found string")
            ),
            (
                ##""x-palbase-upload": {"max_bytes": 0}"##,
                .invalidSpec(
                    pointer: "/paths/~1u/post/x-palbase-upload/max_bytes",
                    reason: "max_bytes must be a positive integer, found 0")
            ),
            (
                ##""x-palbase-upload": {"max_bytes": 1.5}"##,
                .invalidSpec(
                    pointer: "/paths/~1u/post/x-palbase-upload/max_bytes",
                    reason: "max_bytes must be a positive integer, found 1.5")
            ),
            (
                ##""x-palbase-upload": {"max_bytes": "5242880"}"##,
                .invalidSpec(
                    pointer: "/paths/~1u/post/x-palbase-upload/max_bytes",
                    reason: "max_bytes must be a positive integer, found \"5242880\"")
            ),
            (
                ##""x-palbase-upload": {"content_types": "image/png"}"##,
                .invalidSpec(
                    pointer: "/paths/~1u/post/x-palbase-upload/content_types",
                    reason: "expected an array, found string")
            ),
            (
                ##""x-palbase-upload": {"content_types": ["image/png", "png"]}"##,
                .invalidSpec(
                    pointer: "/paths/~1u/post/x-palbase-upload/content_types/1",
                    reason: "a content type must be a media type such as image/png or image/*")
            ),
            (
                ##""x-palbase-upload": {"content_types": ["image/png\r\nX-Evil: 1"]}"##,
                .invalidSpec(
                    pointer: "/paths/~1u/post/x-palbase-upload/content_types/0",
                    reason: "a content type must be a media type such as image/png or image/*")
            ),
        ])
    func malformedConstraintsAreErrorsNamingTheirPointer(extra: String, expected: CodegenError) {
        #expect(
            Harness.failure(Self.upload(schema: ##"{"$ref": "#/components/schemas/Form"}"##, extra: extra)) == expected)
    }

    @Test func constraintsOnAnOperationThatIsNotAnUploadAreAnError() {
        let spec = Harness.spec(
            paths: Harness.path(
                "/u", "post",
                ##"{"operationId": "files.put", "x-palbase-upload": {"max_bytes": 10}, \##(Harness.body(##"{"type": "object"}"##)), "responses": {}}"##
            ))
        #expect(
            Harness.failure(spec)
                == .invalidSpec(
                    pointer: "/paths/~1u/post/x-palbase-upload",
                    reason:
                        "x-palbase-upload belongs to an upload: a multipart/form-data request body with a binary \"file\""
                ))
    }

    @Test func aPathParameterNamedLikeAnUploadArgumentIsAnError() {
        let spec = Self.upload(
            schema: ##"{"$ref": "#/components/schemas/Form"}"##, path: "/things/{file}",
            parameters: ##"[{"name": "file", "in": "path", "required": true, "schema": {"type": "string"}}]"##)
        guard case .duplicateName(let name, _)? = Harness.failure(spec) else {
            Issue.record("expected a duplicate name")
            return
        }
        #expect(name == "argument file of files.put")
    }

    @Test(
        arguments: [
            (
                ##"{"type": "object", "properties": {"file": {"type": "string", "format": "binary"}, "thumb": {"type": "string", "format": "binary"}}}"##,
                "multipart property \"thumb\" is a second file; an upload takes one, \"file\""
            ),
            (
                ##"{"type": "object", "properties": {"file": {"type": "string", "format": "binary"}, "meta": {"type": "object"}}}"##,
                "multipart property \"meta\" is not text (a string, number or boolean)"
            ),
        ])
    func uploadsTheSDKCannotSendAreSkippedVisibly(schema: String, reason: String) throws {
        let output = try Harness.generate(Self.upload(schema: schema))
        expectContains(
            Harness.allText(output), "// codegen: skipped \"files.put\": \(reason)")
        #expect(output.warnings.contains { $0.message == "operation \"files.put\" skipped: \(reason)" })
    }

    /// A multipart body without a binary `file` is not an upload: skipped like any body that is not JSON.
    @Test func multipartWithoutAFileIsNotAnUpload() throws {
        let output = try Harness.generate(
            Self.upload(schema: ##"{"type": "object", "properties": {"title": {"type": "string"}}}"##, extra: ""))
        expectContains(
            Harness.allText(output),
            "// codegen: skipped \"files.put\": request body media type multipart/form-data is not JSON")
    }
}
