import Foundation
import Testing

@testable import PalbeCodegen

/// `write(to:)` and `check(against:)`: the CI drift check and stale-file cleanup.
@Suite struct FileSystemTests {
    private func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("palbe-codegen-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private func sampleOutput() throws -> GeneratedOutput {
        try CodeGenerator().generate(specData: try Data(contentsOf: SampleSpecTests.specURL), specName: "openapi.json")
    }

    @Test func missingDirectoryIsEntirelyStaleAndWriteCreatesIt() throws {
        let directory = try temporaryDirectory().appendingPathComponent("Generated/Nested")
        defer {
            try? FileManager.default.removeItem(at: directory.deletingLastPathComponent().deletingLastPathComponent())
        }
        let output = try sampleOutput()
        #expect(output.check(against: directory) == output.files.map(\.name))
        try output.write(to: directory)
        #expect(output.check(against: directory) == [])
        #expect(
            try String(contentsOf: directory.appendingPathComponent("Todo.swift"), encoding: .utf8)
                == Harness.file(output, "Todo.swift"))
    }

    @Test func checkListsChangedMissingAndLeftoverFilesButIgnoresHandWrittenOnes() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = try sampleOutput()
        try output.write(to: directory)
        try Data("// hand-written\n".utf8).write(to: directory.appendingPathComponent("Extensions.swift"))
        try Data("\(GeneratedOutput.headerMarker) from old.json\n".utf8).write(
            to: directory.appendingPathComponent("OldNamespace.swift"))
        try Data((Harness.file(output, "Todo.swift") + "// edited\n").utf8).write(
            to: directory.appendingPathComponent("Todo.swift"))
        try FileManager.default.removeItem(at: directory.appendingPathComponent("Room.swift"))
        #expect(output.check(against: directory) == ["OldNamespace.swift", "Room.swift", "Todo.swift"])

        try output.write(to: directory)
        #expect(output.check(against: directory) == [])
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(names == (output.files.map(\.name) + ["Extensions.swift"]).sorted())
    }

    @Test func unchangedFilesAreNotRewritten() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = try sampleOutput()
        try output.write(to: directory)
        let todo = directory.appendingPathComponent("Todo.swift")
        let past = Date(timeIntervalSince1970: 1_000_000)
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: todo.path)
        try output.write(to: directory)
        let modified = try FileManager.default.attributesOfItem(atPath: todo.path)[.modificationDate] as? Date
        #expect(modified == past)
    }

    @Test func refusesToOverwriteAHandWrittenFileWithAGeneratedName() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let mine = directory.appendingPathComponent("Todo.swift")
        try Data("struct Todo {}\n".utf8).write(to: mine)
        let error = try #require(throws: CodegenError.self) { try sampleOutput().write(to: directory) }
        guard case .fileSystem(let path, let reason) = error else {
            Issue.record("unexpected \(error)")
            return
        }
        #expect(path == mine.path)
        #expect(reason.contains("hand-written"))
        #expect(try String(contentsOf: mine, encoding: .utf8) == "struct Todo {}\n")
    }

    @Test func unwritableDirectoryIsAFileSystemError() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let blocker = directory.appendingPathComponent("file")
        try Data("x".utf8).write(to: blocker)
        #expect {
            try sampleOutput().write(to: blocker.appendingPathComponent("out"))
        } throws: { error in
            guard case .fileSystem(let path, _) = error as? CodegenError else { return false }
            return path.hasSuffix("file/out")
        }
    }
}
