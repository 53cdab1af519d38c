import Foundation
import Testing

@testable import SDKCrypto

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Files an attacker can plant: a link where a secret is written, a secret others could have written,
/// a directory others can write. Each was followed, trusted or kept before.
@Suite struct OwnerOnlyFilesTests {
    private func withDirectory(_ body: (URL) throws -> Void) throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("owneronly-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try body(root)
    }

    private func mode(_ path: String) -> mode_t {
        var info = stat()
        lstat(path, &info)
        return info.st_mode & 0o7777
    }

    @Test func aLinkPlantedAtTheNameIsReplacedNotFollowed() throws {
        try withDirectory { root in
            let victim = root.appendingPathComponent("victim")
            try Data("keep me".utf8).write(to: victim)
            chmod(victim.path, 0o644)
            let file = root.appendingPathComponent("session.json")
            try FileManager.default.createSymbolicLink(at: file, withDestinationURL: victim)

            try OwnerOnlyFiles.write(Data("secret".utf8), to: file)

            #expect(try Data(contentsOf: victim) == Data("keep me".utf8))
            #expect(mode(victim.path) == 0o644, "the link's target was not chmodded")
            let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
            #expect(attributes[.type] as? FileAttributeType == .typeRegular)
            #expect(mode(file.path) == 0o600)
            #expect(try OwnerOnlyFiles.read(file) == Data("secret".utf8))
        }
    }

    @Test func aLinkOrASecretOthersMayWriteIsNotTrusted() throws {
        try withDirectory { root in
            let real = root.appendingPathComponent("real")
            try OwnerOnlyFiles.write(Data("mine".utf8), to: real)
            let link = root.appendingPathComponent("link")
            try FileManager.default.createSymbolicLink(at: link, withDestinationURL: real)
            #expect(throws: OwnerOnlyFiles.Failure.self) { try OwnerOnlyFiles.read(link) }

            let planted = root.appendingPathComponent("planted")
            try Data("theirs".utf8).write(to: planted)
            for loose: mode_t in [0o666, 0o620, 0o602] {
                chmod(planted.path, loose)
                #expect(throws: OwnerOnlyFiles.Failure.self, "mode \(String(loose, radix: 8))") {
                    try OwnerOnlyFiles.read(planted)
                }
            }
            chmod(planted.path, 0o644)  // readable by others is a leak, not a plant
            #expect(try OwnerOnlyFiles.read(planted) == Data("theirs".utf8))
            #expect(try OwnerOnlyFiles.read(root.appendingPathComponent("missing")) == nil)
        }
    }

    /// Another user's file is never trusted. Only root can make one (CI runs as root); elsewhere the
    /// mode and link cases above carry the rule.
    @Test(.enabled(if: geteuid() == 0)) func anotherUsersFileIsNotTrusted() throws {
        try withDirectory { root in
            let planted = root.appendingPathComponent("admin-token")
            try OwnerOnlyFiles.write(Data("emu_planted".utf8), to: planted)
            #expect(chown(planted.path, 65_534, 65_534) == 0)
            #expect(throws: OwnerOnlyFiles.Failure.self) { try OwnerOnlyFiles.read(planted) }
        }
    }

    /// The emulator's suite, run as root, wrote a database straight into `/tmp`, and `/tmp` (root's, so
    /// "ours") lost others' write bits: apt and every other user's program could no longer make a
    /// temporary file. A shared directory is used as it is, whoever owns it.
    @Test func aSharedDirectoryOfOursKeepsItsMode() throws {
        try withDirectory { root in
            for exclusive in [false, true] {
                let shared = root.appendingPathComponent("shared-\(exclusive)")
                try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
                #expect(chmod(shared.path, 0o1777) == 0)
                try OwnerOnlyFiles.prepareDirectory(shared, exclusive: exclusive)
                #expect(mode(shared.path) == 0o1777, "exclusive: \(exclusive)")

                let secret = shared.appendingPathComponent("secret")
                try OwnerOnlyFiles.write(Data("s3cret".utf8), to: secret, exclusiveDirectory: exclusive)
                #expect(mode(shared.path) == 0o1777, "exclusive: \(exclusive)")
                #expect(mode(secret.path) == 0o600)
                #expect(try OwnerOnlyFiles.read(secret) == Data("s3cret".utf8))
            }
            // Group-writable and sticky is shared too; without the sticky bit it is repaired.
            let group = root.appendingPathComponent("group")
            try FileManager.default.createDirectory(at: group, withIntermediateDirectories: true)
            #expect(chmod(group.path, 0o1770) == 0)
            try OwnerOnlyFiles.prepareDirectory(group)
            #expect(mode(group.path) == 0o1770)
            #expect(chmod(group.path, 0o770) == 0)
            try OwnerOnlyFiles.prepareDirectory(group)
            #expect(mode(group.path) == 0o750)
        }
    }

    @Test func aDirectoryOthersMayWriteIsRepairedAndALinkedOneRefused() throws {
        try withDirectory { root in
            let shared = root.appendingPathComponent("data")
            try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
            chmod(shared.path, 0o777)
            try OwnerOnlyFiles.prepareDirectory(shared)
            #expect(mode(shared.path) == 0o755, "others' write bits removed, the rest kept")
            try OwnerOnlyFiles.prepareDirectory(shared, exclusive: true)
            #expect(mode(shared.path) == 0o700)

            let created = root.appendingPathComponent("new/deeper")
            let saved = umask(0)
            defer { umask(saved) }
            try OwnerOnlyFiles.prepareDirectory(created)
            #expect(mode(created.path) == 0o700)

            let linked = root.appendingPathComponent("linked")
            try FileManager.default.createSymbolicLink(at: linked, withDestinationURL: shared)
            #expect(throws: OwnerOnlyFiles.Failure.self) { try OwnerOnlyFiles.prepareDirectory(linked) }
        }
    }

    @Test func createKeepsTheFirstFileAndRestrictRefusesALink() throws {
        try withDirectory { root in
            let file = root.appendingPathComponent("device-id")
            #expect(try OwnerOnlyFiles.create(Data("first".utf8), at: file))
            #expect(try !OwnerOnlyFiles.create(Data("second".utf8), at: file))
            #expect(try OwnerOnlyFiles.read(file) == Data("first".utf8))
            #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["device-id"], "no leftovers")

            let victim = root.appendingPathComponent("victim")
            try Data("x".utf8).write(to: victim)
            chmod(victim.path, 0o644)
            let database = root.appendingPathComponent("emulator.sqlite")
            try FileManager.default.createSymbolicLink(at: database, withDestinationURL: victim)
            #expect(throws: OwnerOnlyFiles.Failure.self) { try OwnerOnlyFiles.restrict(database.path, creating: true) }
            #expect(mode(victim.path) == 0o644)
        }
    }
}
