import ErrorCore
import Foundation
import SDKCrypto
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// What only the file store promises: permissions, no leftovers, no symbolic links followed.
@Suite struct FileSecureStoreTests {
    private func withStore(_ body: (FileSecureStore, URL) throws -> Void) throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("securestore-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let directory = root.appendingPathComponent("nested/secure")
        try body(FileSecureStore(directory: directory), directory)
    }

    private func mode(_ path: String) -> mode_t {
        var info = stat()
        stat(path, &info)
        return info.st_mode & 0o777
    }

    @Test func directoryIs0700AndFilesAre0600WithNoLeftovers() throws {
        try withStore { store, directory in
            let saved = umask(0)
            defer { umask(saved) }
            try store.write(Data("secret".utf8), for: "identity-a")
            #expect(mode(directory.path) == 0o700)
            #expect(mode(directory.appendingPathComponent("identity-a").path) == 0o600)
            let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            #expect(names == ["identity-a"])
        }
    }

    /// The rejection itself is in ``SecureStoreSemanticsTests``; here, that nothing reached the disk.
    @Test(arguments: ["../escape", "a/b", ".hidden", ".."])
    func rejectedKeysCreateNothingOnDisk(_ key: String) throws {
        try withStore { store, directory in
            #expect(throws: SecureStoreError(kind: .invalidKey, operation: "write")) {
                try store.write(Data("x".utf8), for: key)
            }
            #expect(
                !FileManager.default.fileExists(
                    atPath: directory.deletingLastPathComponent().appendingPathComponent("escape").path))
            #expect(!FileManager.default.fileExists(atPath: directory.path))
        }
    }

    @Test func doesNotFollowSymbolicLinksWhenReading() throws {
        try withStore { store, directory in
            try store.write(Data("x".utf8), for: "real")
            let outside = directory.deletingLastPathComponent().appendingPathComponent("outside")
            try Data("not yours".utf8).write(to: outside)
            try FileManager.default.createSymbolicLink(
                atPath: directory.appendingPathComponent("link").path, withDestinationPath: outside.path)
            #expect(throws: SecureStoreError.self) { try store.read("link") }
        }
    }
}
