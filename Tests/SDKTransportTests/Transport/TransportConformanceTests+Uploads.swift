import ErrorCore
import Foundation
import SDKTransport
import TestSupport
import Testing

/// Streamed request bodies (``HTTPUploadBody``): exact bytes with `Content-Length`, progress, and files that
/// cannot be read failing before anything is sent.
extension TransportConformanceTests {
    /// A file of `count` pattern bytes in the temporary directory, removed after `body`.
    func withTemporaryFile<T>(
        _ count: Int, seed: Int = 3, _ body: (URL, Data) async throws -> T
    ) async throws -> T {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("upload-\(UUID().uuidString).bin")
        let bytes = TransportTestKit.patternBytes(count, seed: seed)
        try bytes.write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        return try await body(url, bytes)
    }

    /// Multipart-style framing around a range of a file: the shape uploads have.
    @Test(arguments: kinds)
    func fileBodyArrivesExactlyWithContentLength(kind: TransportKind) async throws {
        try await withTemporaryFile(2_500_123) { file, bytes in
            try await withServer(kind) { transport, server in
                let head = Data("--b\r\nContent-Type: application/octet-stream\r\n\r\n".utf8)
                let tail = Data("\r\n--b--\r\n".utf8)
                let body = HTTPUploadBody([.data(head), .file(file, offset: 1000, length: 2_400_000), .data(tail)])
                let request = HTTPRequest(
                    method: "POST", url: server.url("/echo"),
                    headers: ["Content-Type": "multipart/form-data; boundary=b"],
                    uploadBody: body)
                let echo = try echoed(try await transport.send(request))
                #expect(body.length == Int64(head.count + 2_400_000 + tail.count))
                #expect(echo.body == head + bytes[1000..<2_401_000] + tail)
                #expect(echo.values(for: "Content-Length") == ["\(body.length)"])
                #expect(echo.values(for: "Transfer-Encoding").isEmpty)
                #expect(echo.values(for: "Expect").isEmpty)
                #expect(echo.values(for: "Content-Type") == ["multipart/form-data; boundary=b"])
            }
        }
    }

    /// One whole file, and memory pieces alone: the other two ways a body can be made.
    @Test(arguments: kinds)
    func wholeFileAndMemoryOnlyBodiesArriveExactly(kind: TransportKind) async throws {
        try await withTemporaryFile(300_001, seed: 9) { file, bytes in
            try await withServer(kind) { transport, server in
                let whole = try HTTPUploadBody.file(at: file)
                #expect(whole.length == 300_001)
                let fileEcho = try echoed(
                    try await transport.send(HTTPRequest(method: "PUT", url: server.url("/echo"), uploadBody: whole)))
                #expect(fileEcho.method == "PUT")
                #expect(fileEcho.body == bytes)
                #expect(fileEcho.values(for: "Content-Length") == ["300001"])

                let pieces = HTTPUploadBody([.data(Data("one ".utf8)), .data(Data()), .data(Data("two".utf8))])
                let memoryEcho = try echoed(
                    try await transport.send(HTTPRequest(method: "POST", url: server.url("/echo"), uploadBody: pieces)))
                #expect(memoryEcho.body == Data("one two".utf8))
                #expect(memoryEcho.values(for: "Content-Length") == ["7"])
                #expect(memoryEcho.values(for: "Transfer-Encoding").isEmpty)
            }
        }
    }

    @Test(arguments: kinds)
    func uploadProgressRisesToTheTotal(kind: TransportKind) async throws {
        try await withTemporaryFile(3_000_000) { file, _ in
            try await withServer(kind) { transport, server in
                let reports = Locked<[(sent: Int64, total: Int64)]>([])
                let body = HTTPUploadBody([.data(Data("head".utf8)), .file(file, length: 3_000_000)])
                let request = HTTPRequest(
                    method: "POST", url: server.url("/echo"), uploadBody: body,
                    uploadProgress: { sent, total in reports.withLock { $0.append((sent, total)) } })
                let response = try await transport.send(request)
                #expect(response.status == 200)
                let seen = reports.withLock { $0 }
                #expect(!seen.isEmpty)
                #expect(seen.allSatisfy { $0.total == body.length })
                #expect(zip(seen, seen.dropFirst()).allSatisfy { $0.sent < $1.sent })
                #expect(seen.last?.sent == body.length)
                // Reported while the body was going out, not once at the end; FoundationNetworking (Linux)
                // reports as coarsely as it likes, down to once for the finished body (see URLSessionTransport).
                var reportsAlongTheWay = true
                #if canImport(FoundationNetworking)
                    reportsAlongTheWay = kind != .urlSession
                #endif
                #expect(seen.count > (reportsAlongTheWay ? 1 : 0))
            }
        }
    }

    @Test(arguments: kinds)
    func missingFileFailsUnsent(kind: TransportKind) async throws {
        try await withServer(kind) { transport, server in
            let missing = FileManager.default.temporaryDirectory.appendingPathComponent("absent-\(UUID().uuidString)")
            let body = HTTPUploadBody([.data(Data("head".utf8)), .file(missing, length: 10)])
            let error = await #expect(throws: TransportError.self) {
                try await transport.send(HTTPRequest(method: "POST", url: server.url("/echo"), uploadBody: body))
            }
            #expect(error?.code == .fileDoesNotExist)
            #expect(error?.requestSent == false)
            let thrown = #expect(throws: TransportError.self) { try HTTPUploadBody.file(at: missing) }
            #expect(thrown?.code == .fileDoesNotExist)
            #expect(server.requestCount("/echo") == 0)
        }
    }

    /// Tests run as root here, so a mode-000 file would still be readable: a directory and a file shorter
    /// than its range are the unreadable cases every machine can produce.
    @Test(arguments: kinds)
    func unreadableOrShortFileFailsUnsent(kind: TransportKind) async throws {
        try await withTemporaryFile(100) { file, _ in
            try await withServer(kind) { transport, server in
                let directory = FileManager.default.temporaryDirectory
                let notAFile = await #expect(throws: TransportError.self) {
                    try await transport.send(
                        HTTPRequest(
                            method: "POST", url: server.url("/echo"),
                            uploadBody: HTTPUploadBody([.file(directory, length: 1)])))
                }
                #expect(notAFile?.code == .fileIsDirectory)
                #expect(notAFile?.requestSent == false)

                let short = await #expect(throws: TransportError.self) {
                    try await transport.send(
                        HTTPRequest(
                            method: "POST", url: server.url("/echo"),
                            uploadBody: HTTPUploadBody([.file(file, offset: 50, length: 51)])))
                }
                #expect(short?.code == .cannotOpenFile)
                #expect(short?.requestSent == false)
                #expect(server.requestCount("/echo") == 0)
            }
        }
    }
}
