import Emulator
import EmulatorTestSupport
import ErrorCore
import Foundation
import HTTPServer
import SDKCrypto
import Testing

@testable import EmulatorCore
@testable import EmulatorPalbase

/// `POST /todos/{id}/attachment` on the wire: multipart bodies built by hand, every refusal in the envelope,
/// and an over-limit `Content-Length` answered before the body is sent at all.
@Suite struct SampleAttachmentTests {
    static let boundary = "test-boundary-0123456789abcdef"

    /// A `multipart/form-data` body: `fields` as text parts, then `file` when given.
    static func multipart(
        fields: [(String, String)] = [], file: (filename: String, type: String?, bytes: Data)?,
        fileName: String = "file"
    ) -> Data {
        var body = Data()
        for (name, value) in fields {
            body.append(
                Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8))
        }
        if let file {
            var head =
                "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(fileName)\"; filename=\"\(file.filename)\"\r\n"
            if let type = file.type { head += "Content-Type: \(type)\r\n" }
            body.append(Data((head + "\r\n").utf8) + file.bytes + Data("\r\n".utf8))
        }
        body.append(Data("--\(boundary)--\r\n".utf8))
        return body
    }

    static let multipartType = ("Content-Type", "multipart/form-data; boundary=\(boundary)")

    func attach(
        _ sender: some SampleSender, todo: String, body: Data, headers: [(String, String)] = [multipartType]
    ) async throws -> SampleReply {
        try await sender.send("POST", "/todos/\(todo)/attachment", headers: headers, body: body)
    }

    @Test func storesTheFileAndAnswersItsSizeAndHash() async throws {
        try await withSampleEmulator { emulator in
            let todo = try await emulator.createTodo()["id"].string ?? ""
            let bytes = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
            let reply = try await attach(
                emulator, todo: todo,
                body: Self.multipart(
                    fields: [("caption", "Front page")], file: ("scan; v2.pdf", "application/PDF", bytes)))
            #expect(reply.status == 201, "\(reply.text)")
            let stored = reply.json
            #expect(stored["id"].string?.wholeMatch(of: /att_[0-9a-f]{32}/) != nil)
            #expect(stored["todo_id"].string == todo)
            #expect(stored["filename"].string == "scan; v2.pdf")
            #expect(stored["content_type"].string == "application/pdf")
            #expect(stored["size"].int == bytes.count)
            #expect(stored["sha256"].string == SHA256.hash(bytes).map { String(format: "%02x", $0) }.joined())
            #expect(stored["caption"].string == "Front page")
            #expect(stored.members.count == 7)
        }
    }

    @Test func aFileOfExactlyTheLimitIsAccepted() async throws {
        try await withSampleEmulator { emulator in
            let todo = try await emulator.createTodo()["id"].string ?? ""
            let bytes = Data(count: SampleAttachmentRules.repository.maxFileBytes)
            let reply = try await attach(
                emulator, todo: todo, body: Self.multipart(file: ("max.png", "image/png", bytes)))
            #expect(reply.status == 201)
            #expect(reply.json["size"].int == SampleAttachmentRules.repository.maxFileBytes)
            #expect(reply.json["caption"].isNull)
        }
    }

    @Test func theBytesAreStoredAndGoWithTheirTodo() async throws {
        let direct = try SampleDirect()
        let todo = try await direct.createTodo()["id"].string ?? ""
        let bytes = Data("%PDF-1.7 tiny".utf8)
        let reply = try await attach(
            direct, todo: todo, body: Self.multipart(file: ("t.pdf", "application/pdf", bytes)))
        #expect(reply.status == 201)
        let rows = try direct.store.query("SELECT bytes, todo_id FROM sample_attachments")
        #expect(rows.map { $0.data("bytes") } == [bytes])
        #expect(try await direct.send("DELETE", "/todos/\(todo)").status == 204)
        #expect(try direct.store.query("SELECT id FROM sample_attachments").isEmpty)
    }

    @Test func anUnknownTodoIsNotFoundWhateverTheBody() async throws {
        try await withSampleEmulator { emulator in
            let reply = try await attach(emulator, todo: "todo_missing", body: Data("not multipart".utf8))
            expectEnvelope(reply, 404, "todo_not_found")
        }
    }

    @Test(
        arguments: [
            (
                "no boundary", [("Content-Type", "multipart/form-data")],
                multipart(file: ("a.png", "image/png", Data([1])))
            ),
            ("JSON", [("Content-Type", "application/json")], Data(#"{"file":"x"}"#.utf8)),
            ("no delimiter", [multipartType], Data("just bytes".utf8)),
            (
                "no closing delimiter", [multipartType],
                Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a\"\r\n\r\nxx".utf8)
            ),
            (
                "no disposition", [multipartType],
                Data("--\(boundary)\r\nContent-Type: image/png\r\n\r\nxx\r\n--\(boundary)--\r\n".utf8)
            ),
            ("no file part", [multipartType], multipart(fields: [("caption", "c")], file: nil)),
            (
                "unknown field", [multipartType],
                multipart(fields: [("color", "red")], file: ("a.png", "image/png", Data([1])))
            ),
            ("file as text", [multipartType], multipart(fields: [("file", "abc")], file: nil)),
        ] as [(String, [(String, String)], Data)])
    func malformedMultipartIsBadRequest(name: String, headers: [(String, String)], body: Data) async throws {
        try await withSampleEmulator { emulator in
            let todo = try await emulator.createTodo()["id"].string ?? ""
            let reply = try await attach(emulator, todo: todo, body: body, headers: headers)
            expectEnvelope(reply, 400, "bad_request")
        }
    }

    @Test func aTypeOutsideTheListIs415() async throws {
        try await withSampleEmulator { emulator in
            let todo = try await emulator.createTodo()["id"].string ?? ""
            for type in ["image/gif", nil] as [String?] {
                let reply = try await attach(
                    emulator, todo: todo, body: Self.multipart(file: ("a.bin", type, Data("GIF89a".utf8))))
                let envelope = expectEnvelope(reply, 415, "unsupported_media_type")
                #expect(
                    envelope["error_description"].string?.contains("image/png, image/jpeg, application/pdf") == true)
            }
        }
    }

    /// Within the framing allowance, so the handler reads the body and measures the file itself.
    @Test func aFileJustOverTheLimitIs413FromTheHandler() async throws {
        try await withSampleEmulator { emulator in
            let todo = try await emulator.createTodo()["id"].string ?? ""
            let reply = try await attach(
                emulator, todo: todo,
                body: Self.multipart(
                    file: ("a.png", "image/png", Data(count: SampleAttachmentRules.repository.maxFileBytes + 1))))
            expectEnvelope(reply, 413, "payload_too_large")
            #expect(
                try emulator.server.recentRequests(limit: 1).last?.bodySize ?? 0
                    > SampleAttachmentRules.repository.maxFileBytes)
        }
    }

    @Test func aTooLongCaptionIsAValidationError() async throws {
        try await withSampleEmulator { emulator in
            let todo = try await emulator.createTodo()["id"].string ?? ""
            let caption = String(repeating: "c", count: SampleAttachmentRules.repository.maxCaptionLength + 1)
            let reply = try await attach(
                emulator, todo: todo,
                body: Self.multipart(fields: [("caption", caption)], file: ("a.png", "image/png", Data([1]))))
            let envelope = expectEnvelope(reply, 400, "validation_error")
            #expect(envelope["details"][0]["field"].string == "caption")
        }
    }

    /// The head alone: 50 MB declared, not a byte of body sent. The answer comes at once, in the envelope,
    /// and the connection closes; a server that read the body first would wait for it instead.
    @Test func anOverLimitContentLengthIsRefusedBeforeTheBodyIsRead() async throws {
        try await withSampleEmulator { emulator in
            let todo = try await emulator.createTodo()["id"].string ?? ""
            let declared = SampleAttachmentRules.repository.maxBodyBytes + 1
            let client = try await ServerTestClient.connect(port: emulator.port)
            try await client.send(
                "POST /todos/\(todo)/attachment HTTP/1.1\r\nHost: 127.0.0.1:\(emulator.port)\r\napikey: \(emulator.server.apiKey)\r\n"
                    + "Content-Type: multipart/form-data; boundary=b\r\nContent-Length: \(declared)\r\n\r\n")
            let response = try await client.readResponse()
            #expect(response.status == 413)
            #expect(response.closesConnection)
            let envelope = SampleJSONView(json: Data(response.body))
            #expect(envelope["error"].string == "payload_too_large")
            #expect(envelope["request_id"].string == response.headers["X-Request-Id"])
            let logged = try #require(try emulator.server.recentRequests(limit: 5).last)
            #expect(logged.path == "/todos/\(todo)/attachment")
            #expect(logged.status == 413)
            #expect(logged.body.isEmpty)
        }
    }

    /// Only upload routes are refused early: an oversized JSON body is still read and answered on a
    /// connection that stays open.
    @Test func otherRoutesStillReadAnOversizedBody() async throws {
        try await withSampleEmulator { emulator in
            let client = try await ServerTestClient.connect(port: emulator.port)
            let body = String(repeating: "x", count: (1 << 20) + 1)
            try await client.send(
                "POST /todos HTTP/1.1\r\nHost: 127.0.0.1:\(emulator.port)\r\napikey: \(emulator.server.apiKey)\r\n"
                    + "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n" + body)
            let response = try await client.readResponse()
            #expect(response.status == 413)
            #expect(!response.closesConnection)
        }
    }
}

extension SampleAttachmentRules {
    /// The rules of the committed OpenAPI document, which `withSampleEmulator` serves unless told otherwise.
    static var repository: SampleAttachmentRules { SampleSpec.repository.attachmentRules! }
}
