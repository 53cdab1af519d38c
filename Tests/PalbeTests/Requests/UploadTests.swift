import EmulatorPalbase
import EmulatorTestSupport
import ErrorCore
import Foundation
import Palbe
import SDKTransport
import Testing

/// Uploads on the one transport path: the exact multipart bytes, the constraints checked with nothing
/// sent, and the rules that make an upload differ from a JSON call (never sealed, its own Content-Type).
@Suite struct UploadTests {
    private struct Fields: Encodable, Sendable {
        var caption: String?
        var rank: Int
        var urgent: Bool
        var labels: [String]
        var skipped: String?
    }

    /// The attachment route's answer, hand-rolled as `pb.upload` users would.
    private struct Stored: Decodable, Sendable {
        let size: Int
        let filename: String
        let contentType: String
        let caption: String?
    }

    /// The boundary of a logged multipart request's `Content-Type`.
    private func boundary(of request: LoggedRequest) throws -> String {
        let type = try #require(request.header("Content-Type"))
        #expect(type.hasPrefix("multipart/form-data; boundary="))
        return String(type.dropFirst("multipart/form-data; boundary=".count))
    }

    private func newTodo(_ client: PalbeClient) async throws -> String {
        let todo: Todo = try await client.call("todos", CreateTodoInput(title: "With a file"))
        return todo.id
    }

    @Test func theWireIsOneMultipartPostWithFieldsFirstThenTheFile() async throws {
        try await withPalbe { bed in
            let client = bed.client()
            let id = try await newTodo(client)
            let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data("--not-a-boundary\r\n".utf8)
            let stored: Stored = try await client.upload(
                "todos/\(id)/attachment", ["caption": "a \"quoted\"\r\nline"],
                file: .data(png, filename: "dot \"1\".png", contentType: "image/png"))
            #expect(stored.size == png.count)
            #expect(stored.filename == "dot %221%22.png")
            #expect(stored.caption == "a \"quoted\"\r\nline")

            let sent = try bed.onlyRequest(to: "/todos/\(id)/attachment")
            let boundary = try boundary(of: sent)
            #expect(boundary.count >= 24)
            #expect(boundary.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") })
            let expected =
                Data(
                    ("--\(boundary)\r\nContent-Disposition: form-data; name=\"caption\"\r\n\r\na \"quoted\"\r\nline\r\n"
                        + "--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"dot %221%22.png\"\r\n"
                        + "Content-Type: image/png\r\n\r\n").utf8) + png + Data("\r\n--\(boundary)--\r\n".utf8)
            #expect(sent.body == expected)
            #expect(sent.method == "POST")
            #expect(sent.header("Content-Length") == String(expected.count))
            #expect(sent.header("Transfer-Encoding") == nil)
            #expect(sent.header("X-Palbase-Sealed") == nil)
        }
    }

    @Test func textFieldsRenderLikeTheirJSONAndEveryUploadGetsAFreshBoundary() async throws {
        try await withPalbe { bed in
            let client = bed.client()
            let fields = Fields(caption: nil, rank: 2, urgent: true, labels: ["a", "b c"], skipped: nil)
            for _ in 0..<2 {
                // The attachment route refuses unknown fields; the request is what this test is about.
                _ = try? await client.upload(
                    "todos/none/attachment", fields,
                    file: .data(Data("x".utf8), filename: "x.pdf", contentType: "application/pdf"),
                    as: AnyCodableValue.self)
            }
            let sent = try bed.requests(to: "/todos/none/attachment")
            try #require(sent.count == 2)
            let first = try boundary(of: sent[0])
            #expect(first != (try boundary(of: sent[1])))
            let text = String(decoding: sent[0].body, as: UTF8.self)
            let part = { (name: String, value: String) in
                "--\(first)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n"
            }
            // Sorted keys, snake_case, one part per array element, nil left out, then the file.
            #expect(
                text.hasPrefix(
                    part("labels", "a") + part("labels", "b c") + part("rank", "2") + part("urgent", "true")
                        + "--\(first)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"x.pdf\"\r\n"))
            #expect(!text.contains("name=\"caption\""))
        }
    }

    @Test func aFileOnDiskIsStreamedAndProgressEndsAtTheTotal() async throws {
        try await withPalbe { bed in
            let client = bed.client()
            let id = try await newTodo(client)
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("upload-\(UUID().uuidString).pdf")
            let bytes = TransportTestKit.patternBytes(1_200_000, seed: 5)
            try bytes.write(to: url)
            defer { try? FileManager.default.removeItem(at: url) }
            let reports = Locked<[(Int64, Int64)]>([])
            let stored: Stored = try await client.upload(
                "todos/\(id)/attachment", file: .file(url, contentType: "application/pdf"),
                progress: { sent, total in reports.withLock { $0.append((sent, total)) } })
            #expect(stored.size == bytes.count)
            #expect(stored.filename == url.lastPathComponent)
            let sent = try bed.onlyRequest(to: "/todos/\(id)/attachment")
            let seen = reports.withLock { $0 }
            #expect(seen.last.map { $0.0 == $0.1 && $0.1 == Int64(sent.bodySize) } == true)
            #expect(zip(seen, seen.dropFirst()).allSatisfy { $0.0 < $1.0 })
            // The log keeps the first 4 KiB of the body: the file's first bytes follow the part's head there.
            #expect(sent.body.range(of: bytes.prefix(1024)) != nil)
            #expect(sent.bodySize > bytes.count)
        }
    }

    @Test(
        arguments: [
            (PBUploadConstraints(maxBytes: 3), "The file is 4 bytes; this upload accepts at most 3"),
            (
                PBUploadConstraints(contentTypes: ["image/png", "application/pdf"]),
                "The file's type image/gif is not accepted; expected image/png, application/pdf"
            ),
        ])
    func aBrokenConstraintIsOneFieldErrorOnFileAndNothingIsSent(
        constraints: PBUploadConstraints, message: String
    ) async throws {
        try await withPalbe { bed in
            let client = bed.client()
            client.configure(onError: bed.recorder.hook)
            let gif = PBUpload.data(Data("GIF8".utf8), filename: "a.gif", contentType: "image/GIF; x=1")
            do throws(BackendError) {
                let _: AnyCodableValue = try await client.upload(
                    "todos/x/attachment", file: gif, constraints: constraints)
                Issue.record("the upload was not refused")
            } catch {
                guard case .validation(let failure) = error else {
                    Issue.record("expected .validation, got \(error)")
                    return
                }
                #expect(failure.fields == [FieldError(field: "file", message: message)])
                #expect(failure.code == "validation_error")
                #expect(failure.requestId == nil)
            }
            #expect(bed.sent(to: "/todos").isEmpty)
            #expect(bed.recorder.hookErrors.count == 1)
        }
    }

    @Test func wildcardsAndParametersAreAccepted() async throws {
        try await withPalbe { bed in
            let client = bed.client()
            let id = try await newTodo(client)
            let jpeg = PBUpload.data(Data([0xFF, 0xD8]), filename: "a.jpg", contentType: "Image/JPEG; q=1")
            let stored: Stored = try await client.upload(
                "todos/\(id)/attachment", file: jpeg,
                constraints: PBUploadConstraints(maxBytes: 2, contentTypes: ["image/*"]))
            #expect(stored.contentType == "image/jpeg")
        }
    }

    @Test func aMissingFileFailsUnsentAndABadMediaTypeCannotInjectHeaders() async throws {
        try await withPalbe { bed in
            let client = bed.client()
            let missing = FileManager.default.temporaryDirectory.appendingPathComponent("gone-\(UUID().uuidString)")
            do throws(BackendError) {
                let _: AnyCodableValue = try await client.upload(
                    "todos/x/attachment", file: .file(missing, contentType: "image/png"))
                Issue.record("a missing file was uploaded")
            } catch {
                guard case .transport(let failure) = error else {
                    Issue.record("expected .transport, got \(error)")
                    return
                }
                #expect(failure.requestSent == false)
                #expect(failure.urlErrorCode == .fileDoesNotExist)
            }
            do throws(BackendError) {
                let _: AnyCodableValue = try await client.upload(
                    "todos/x/attachment",
                    file: .data(Data("x".utf8), filename: "x", contentType: "image/png\r\nX-Injected: 1"))
                Issue.record("a header was injected into the part")
            } catch {
                guard case .encode = error else {
                    Issue.record("expected .encode, got \(error)")
                    return
                }
            }
            #expect(bed.sent(to: "/todos").isEmpty)
        }
    }

    /// Upload bodies are never sealed, even under a sealed prefix, and keep their own `Content-Type`.
    @Test func uploadsAreNeverSealedAndKeepTheirContentType() async throws {
        try await withPalbe { bed in
            let client = bed.client()
            _ = try? await client.upload(
                "v1/db/echo", file: .data(Data("plain".utf8), filename: "p.pdf", contentType: "application/pdf"),
                as: AnyCodableValue.self, headers: ["Content-Type": "application/json", "X-Extra": "kept"])
            let sent = try bed.onlyRequest(to: "/v1/db/echo")
            #expect(sent.header("X-Palbase-Sealed") == nil)
            #expect(sent.header("Content-Type")?.hasPrefix("multipart/form-data; boundary=") == true)
            #expect(sent.header("X-Extra") == "kept")
            #expect(String(decoding: sent.body, as: UTF8.self).contains("\r\n\r\nplain\r\n"))
        }
    }
}
