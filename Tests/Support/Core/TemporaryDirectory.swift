import Foundation

/// A fresh, empty directory under the system's temporary directory, removed after `body`.
public func withTemporaryDirectory<T>(_ body: (URL) throws -> T) throws -> T {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    return try body(directory)
}

/// A fresh, empty directory under the system's temporary directory, removed after `body`.
public func withTemporaryDirectory<T>(
    isolation: isolated (any Actor)? = #isolation, _ body: (URL) async throws -> T
) async throws -> T {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    return try await body(directory)
}

private func makeTemporaryDirectory() throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sdk-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
}
