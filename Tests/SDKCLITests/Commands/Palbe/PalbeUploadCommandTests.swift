import Emulator
import EmulatorTestSupport
import ErrorCore
import Foundation
import Testing

/// `sdk palbe upload`, run as the real executable against the emulator.
@Suite struct PalbeUploadCommandTests {
    /// A file named `name` holding `bytes` in a fresh temporary directory, removed after `body`.
    private func withFile<T>(_ name: String, _ bytes: Data, _ body: (URL) async throws -> T) async throws -> T {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("upload-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent(name)
        try bytes.write(to: url)
        return try await body(url)
    }

    private func newTodo(_ bed: PalbeCLIBed) async throws -> String {
        let created = try await SDKProcess.run([
            "palbe", "call", "todos", "--data", #"{"title":"Needs a file"}"#, "--json", "--base-url",
            bed.baseURL.absoluteString,
        ])
        try #require(created.status == 0, "\(created.stderr)")
        return try #require((try created.json()["result"] as? [String: Any])?["id"] as? String)
    }

    @Test func uploadsTheFileAndPrintsTheStoredAttachment() async throws {
        try await withPalbe { bed in
            let id = try await newTodo(bed)
            let bytes = Data("%PDF-1.4\n% from the CLI\n".utf8)
            try await withFile("notes.PDF", bytes) { url in
                let result = try await SDKProcess.run([
                    "palbe", "upload", id, url.path, "--caption", "CLI", "--json", "--base-url",
                    bed.baseURL.absoluteString,
                ])
                #expect(result.status == 0, "\(result.stderr)")
                let object = try result.json()
                #expect(object["status"] as? Int == 201)
                let stored = try #require(object["result"] as? [String: Any])
                #expect(stored["size"] as? Int == bytes.count)
                #expect(stored["filename"] as? String == "notes.PDF")
                #expect(stored["content_type"] as? String == "application/pdf")
                #expect(stored["caption"] as? String == "CLI")
                #expect((stored["sha256"] as? String)?.count == 64)
                let sent = try bed.onlyRequest(to: "/todos/\(id)/attachment")
                #expect(object["requestId"] as? String == sent.requestID)
                #expect(sent.header("Content-Type")?.hasPrefix("multipart/form-data; boundary=") == true)
            }
        }
    }

    @Test func typeAndNameCanBeGivenAndTextOutputIsTheJSON() async throws {
        try await withPalbe { bed in
            let id = try await newTodo(bed)
            try await withFile(
                "raw.bin", Data([0xFF, 0xD8, 0xFF]),
                { url in
                    let result = try await SDKProcess.run([
                        "palbe", "upload", id, url.path, "--type", "image/jpeg", "--name", "photo.jpg", "--base-url",
                        bed.baseURL.absoluteString,
                    ])
                    #expect(result.status == 0, "\(result.stderr)")
                    #expect(result.stdout.contains(#""filename" : "photo.jpg""#))
                    #expect(result.stdout.contains(#""content_type" : "image/jpeg""#))
                })
        }
    }

    @Test func aFileTheRouteRefusesIsRefusedWithNothingSent() async throws {
        try await withPalbe { bed in
            let id = try await newTodo(bed)
            try await withFile(
                "anim.gif", Data("GIF89a".utf8),
                { url in
                    let result = try await SDKProcess.run([
                        "palbe", "upload", id, url.path, "--type", "image/gif", "--json", "--base-url",
                        bed.baseURL.absoluteString,
                    ])
                    #expect(result.status == 1)
                    let error = try #require(try result.json()["error"] as? [String: Any])
                    #expect(error["code"] as? String == "validation_error")
                    #expect((error["message"] as? String)?.contains("image/gif is not accepted") == true)
                    #expect(try bed.requests(to: "/todos/\(id)/attachment").isEmpty)
                })
        }
    }

    /// The refusal ends the command while the client's start-up work may still be in libcrypto; exiting
    /// then crashed in OpenSSL's `atexit` cleanup in 116 runs out of 300 (status 11, 4 or 6) until the
    /// executable asked OpenSSL to keep its state at exit. Ten runs catch that rate 99 times in 100,
    /// without loading the parallel suite with a process start every few hundred milliseconds.
    @Test func exitingRightAfterARefusalNeverCrashes() async throws {
        try await withPalbe { bed in
            try await withFile(
                "anim.gif", Data("GIF89a".utf8),
                { url in
                    for run in 1...10 {
                        let result = try await SDKProcess.run([
                            "palbe", "upload", "todo_1", url.path, "--type", "image/gif", "--json", "--base-url",
                            bed.baseURL.absoluteString,
                        ])
                        #expect(result.status == 1, "run \(run): \(result.stderr)")
                        guard result.status == 1 else { break }
                    }
                })
        }
    }

    @Test func anUnknownTodoIsTheServersNotFound() async throws {
        try await withPalbe { bed in
            try await withFile(
                "a.png", Data([0x89, 0x50]),
                { url in
                    let result = try await SDKProcess.run([
                        "palbe", "upload", "todo_missing", url.path, "--json", "--base-url", bed.baseURL.absoluteString,
                    ])
                    #expect(result.status == 1)
                    let error = try #require(try result.json()["error"] as? [String: Any])
                    #expect(error["code"] as? String == "todo_not_found")
                    #expect(error["status"] as? Int == 404)
                })
        }
    }

    /// Wrong command lines fail with exit 2 and a clear message, before any server is contacted.
    @Test func wrongArgumentsAreUsageErrors() async throws {
        let unreachable = "http://127.0.0.1:1"
        let missingFile = try await SDKProcess.run([
            "palbe", "upload", "todo_1", "/nonexistent/receipt.pdf", "--base-url", unreachable,
        ])
        #expect(missingFile.status == 2)
        #expect(missingFile.stderr.contains("cannot read file '/nonexistent/receipt.pdf'"))

        let directory = try await SDKProcess.run([
            "palbe", "upload", "todo_1", FileManager.default.temporaryDirectory.path, "--base-url", unreachable,
        ])
        #expect(directory.status == 2)
        #expect(directory.stderr.contains("cannot read file"))

        try await withFile(
            "notes.txt", Data("x".utf8),
            { url in
                let unknownType = try await SDKProcess.run([
                    "palbe", "upload", "todo_1", url.path, "--base-url", unreachable,
                ])
                #expect(unknownType.status == 2)
                #expect(unknownType.stderr.contains("cannot tell the media type of 'notes.txt'; pass --type"))

                let badType = try await SDKProcess.run([
                    "palbe", "upload", "todo_1", url.path, "--type", "pdf", "--base-url", unreachable,
                ])
                #expect(badType.status == 2)
                #expect(badType.stderr.contains("a media type such as image/png"))
            })

        let missingArgument = try await SDKProcess.run(["palbe", "upload", "todo_1"])
        #expect(missingArgument.status == 2)
        #expect(missingArgument.stderr.contains("file"))
    }
}
