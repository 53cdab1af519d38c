import EmulatorPalbase
import ErrorCore
import Foundation
import Palbe
import PalbeSample
import SDKCrypto
import Testing

/// The generated `todos.attach` upload against the sample backend over 127.0.0.1: a file from disk
/// arrives byte for byte, the contract's limits are checked with nothing sent, and a server that meets a
/// violating upload anyway (the client check bypassed through `pb.upload`) answers 413 and 415.
@Suite struct GeneratedUploadTests {
    /// A file of `count` pattern bytes on disk, removed after `body`.
    private func withFile<T>(_ count: Int, name: String, _ body: (URL, Data) async throws -> T) async throws -> T {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID().uuidString)-\(name)")
        var bytes = Data(capacity: count)
        let block = Data((0..<253).map { UInt8($0) })
        while bytes.count < count { bytes.append(block.prefix(count - bytes.count)) }
        try bytes.write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        return try await body(url, bytes)
    }

    private static func hex(_ data: Data) -> String {
        SHA256.hash(data).map { String(format: "%02x", $0) }.joined()
    }

    private static let limit = TodosAttachEndpoint.constraints.maxBytes!

    @Test func aFileFromDiskArrivesWholeWithItsSizeAndHash() async throws {
        try await withFile(3_000_001, name: "scan.pdf") { url, bytes in
            try await withSample { bed in
                let todo = try await bed.palbe.todos.create(.init(title: "Taxes"))
                let reports = Locked<[(sent: Int64, total: Int64)]>([])
                let attachment = try await bed.palbe.todos.attach(
                    id: todo.id, file: .file(url, contentType: "application/pdf"), .init(caption: "2025 return"),
                    progress: { sent, total in reports.withLock { $0.append((sent, total)) } })
                #expect(attachment.size == bytes.count)
                #expect(attachment.sha256 == Self.hex(bytes))
                #expect(attachment.filename == url.lastPathComponent)
                #expect(attachment.contentType == "application/pdf")
                #expect(attachment.caption == "2025 return")
                #expect(attachment.todoId == todo.id)
                #expect(attachment.id.hasPrefix("att_"))

                let sent = try #require(try bed.requests("POST", to: "/todos/\(todo.id)/attachment").last)
                #expect(sent.header("Content-Type")?.hasPrefix("multipart/form-data; boundary=") == true)
                #expect(sent.header("Content-Length") == String(sent.bodySize))
                #expect(sent.header("Transfer-Encoding") == nil)
                let seen = reports.withLock { $0 }
                #expect(seen.last?.sent == Int64(sent.bodySize))
                #expect(seen.allSatisfy { $0.total == Int64(sent.bodySize) })
                #expect(zip(seen, seen.dropFirst()).allSatisfy { $0.sent < $1.sent })
            }
        }
    }

    @Test func bytesInMemoryUploadToo() async throws {
        try await withSample { bed in
            let todo = try await bed.palbe.todos.create(.init(title: "Logo"))
            let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00])
            let attachment = try await bed.palbe.todos.attach(
                id: todo.id, file: .data(png, filename: "logo.png", contentType: "image/png"))
            #expect(attachment.size == png.count)
            #expect(attachment.sha256 == Self.hex(png))
            #expect(attachment.caption == nil)
            // The endpoint struct is the same request through `pb.call(_:)`.
            let again = try await bed.palbe.call(
                TodosAttachEndpoint(id: todo.id, file: .data(png, filename: "logo.png", contentType: "image/png")))
            #expect(again.sha256 == attachment.sha256)
            #expect(again.id != attachment.id)
        }
    }

    @Test func aFileOverTheLimitIsRefusedOnTheDeviceWithNothingSent() async throws {
        try await withFile(Self.limit + 1, name: "big.png") { url, _ in
            try await withSample { bed in
                let todo = try await bed.palbe.todos.create(.init(title: "Photo"))
                let error = await attachError(bed, id: todo.id, file: .file(url, contentType: "image/png"))
                expectFileViolation(
                    error, "The file is \(Self.limit + 1) bytes; this upload accepts at most \(Self.limit)")
                #expect(try bed.requests("POST", to: "/todos/\(todo.id)/attachment").isEmpty)
            }
        }
    }

    @Test func aTypeTheRouteRefusesIsRefusedOnTheDeviceWithNothingSent() async throws {
        try await withSample { bed in
            let todo = try await bed.palbe.todos.create(.init(title: "Meme"))
            let error = await attachError(
                bed, id: todo.id, file: .data(Data("GIF89a".utf8), filename: "cat.gif", contentType: "image/gif"))
            expectFileViolation(
                error, "The file's type image/gif is not accepted; expected image/png, image/jpeg, application/pdf")
            #expect(try bed.requests("POST", to: "/todos/\(todo.id)/attachment").isEmpty)
        }
    }

    /// Bypassing the client check: just over the limit, so the handler reads the body and refuses it.
    @Test func theServerAnswers413WhenTheClientCheckIsBypassed() async throws {
        try await withSample { bed in
            let todo = try await bed.palbe.todos.create(.init(title: "Big"))
            let big = PBUpload.data(Data(count: Self.limit + 1), filename: "big.png", contentType: "image/png")
            let failure = await uploadFailure(bed, path: "todos/\(todo.id)/attachment", file: big)
            #expect(failure?.statusCode == 413)
            #expect(failure?.code == "payload_too_large")
            #expect(failure?.requestId?.hasPrefix("req_") == true)
            // The generated enum lifts it into its declared case.
            if let failure, case .payloadTooLarge = TodosAttachError(.server(failure)) {
            } else {
                Issue.record("413 did not lift into .payloadTooLarge")
            }
            let logged = try #require(try bed.requests("POST", to: "/todos/\(todo.id)/attachment").last)
            #expect(logged.status == 413)
            #expect(logged.bodySize > Self.limit, "the handler read the body before refusing it")
        }
    }

    /// Over the limit by more than multipart framing could explain: the emulator refuses it by its
    /// Content-Length, in the envelope, without reading the body. (Past the HTTP server's own 8 MiB cap the
    /// server answers a bare 413 itself.)
    @Test func aDeclaredLengthFarOverTheLimitIsRefusedBeforeTheBodyIsRead() async throws {
        try await withFile(Self.limit + (2 << 20), name: "huge.pdf") { url, _ in
            try await withSample { bed in
                let todo = try await bed.palbe.todos.create(.init(title: "Huge"))
                let failure = await uploadFailure(
                    bed, path: "todos/\(todo.id)/attachment", file: .file(url, contentType: "application/pdf"))
                #expect(failure?.statusCode == 413)
                #expect(failure?.code == "payload_too_large")
                let logged = try #require(try bed.requests("POST", to: "/todos/\(todo.id)/attachment").last)
                #expect(failure?.requestId == logged.requestID)
                #expect(logged.status == 413)
                #expect(logged.body.isEmpty, "refused from the head alone")
            }
        }
    }

    @Test func theServerAnswers415WhenTheClientCheckIsBypassed() async throws {
        try await withSample { bed in
            let todo = try await bed.palbe.todos.create(.init(title: "Gif"))
            let gif = PBUpload.data(Data("GIF89a".utf8), filename: "cat.gif", contentType: "image/gif")
            let failure = await uploadFailure(bed, path: "todos/\(todo.id)/attachment", file: gif)
            #expect(failure?.statusCode == 415)
            #expect(failure?.code == "unsupported_media_type")
            if let failure, case .unsupportedMediaType = TodosAttachError(.server(failure)) {
            } else {
                Issue.record("415 did not lift into .unsupportedMediaType")
            }
        }
    }

    @Test func anUnknownTodoIsTodoNotFound() async throws {
        try await withSample { bed in
            do throws(TodosAttachError) {
                _ = try await bed.palbe.todos.attach(
                    id: "todo_missing", file: .data(Data([1]), filename: "a.pdf", contentType: "application/pdf"))
                Issue.record("an attachment was stored for an unknown todo")
            } catch {
                guard case .todoNotFound = error else {
                    Issue.record("expected .todoNotFound, got \(error)")
                    return
                }
            }
        }
    }

    // MARK: - Helpers

    private func attachError(_ bed: SampleBed, id: String, file: PBUpload) async -> TodosAttachError? {
        do throws(TodosAttachError) {
            _ = try await bed.palbe.todos.attach(id: id, file: file)
            return nil
        } catch {
            return error
        }
    }

    private func expectFileViolation(
        _ error: TodosAttachError?, _ message: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard case .other(.validation(let failure))? = error else {
            Issue.record(
                "expected .other(.validation), got \(String(describing: error))", sourceLocation: sourceLocation)
            return
        }
        #expect(failure.fields == [FieldError(field: "file", message: message)], sourceLocation: sourceLocation)
    }

    /// The server's refusal of an upload sent through the untyped `pb.upload`, which checks nothing.
    private func uploadFailure(_ bed: SampleBed, path: String, file: PBUpload) async -> ServerFailure? {
        do throws(BackendError) {
            // `PalbeSample.Attachment`: Swift Testing has an `Attachment` of its own.
            let _: PalbeSample.Attachment = try await bed.palbe.upload(path, file: file)
            Issue.record("the server accepted the upload")
            return nil
        } catch {
            guard case .server(let failure) = error else {
                Issue.record("expected .server, got \(error)")
                return nil
            }
            return failure
        }
    }
}
