import ErrorCore
import Foundation
import SDKCrypto

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The credential the admin API (`/__emulator/…`) demands as `Authorization: Bearer <token>`.
///
/// A web page the developer happens to open can reach 127.0.0.1 too: without a credential, a cross-site
/// "simple" POST could wipe the data and a DNS-rebound page could read the API key and the request log. The
/// token is 32 bytes from the CSPRNG, base64url. With a data directory it is created once, in the file
/// `admin-token` (0600, whatever the umask), so the emulator's own tools (the CLI, a restarted emulator, a
/// developer's `curl`) read it from there; in memory it lives as long as the server. In-process tools (the
/// demo, the test helpers) ask ``EmulatorServer/adminToken(servingAt:)``.
package enum EmulatorAdminToken {
    /// The token file's name inside the data directory.
    package static let fileName = "admin-token"
    /// The environment variable the CLI reads the token from before looking in the data directory.
    package static let environmentVariable = "SDK_EMULATOR_TOKEN"

    /// A fresh token.
    package static func generate() -> String {
        "emu_" + Base64URL.encode(SecureRandom.bytes(32))
    }

    /// The token of `storage`: read from (or created in) the data directory, fresh for memory.
    static func loadOrCreate(for storage: EmulatorConfiguration.Storage) throws -> String {
        guard case .directory(let directory) = storage else { return generate() }
        if let existing = read(in: directory) { return existing }
        try OwnerOnlyFiles.createDirectoryIfMissing(directory)
        let file = directory.appendingPathComponent(fileName)
        let token = generate()
        // Created 0600 before the secret is written, then renamed into place: never readable by others, and
        // two emulators opening one fresh directory at once keep one token (the second rename loses nothing a
        // reader already has, since both then read the file again).
        let staging = directory.appendingPathComponent(".\(fileName).\(UUID().uuidString)")
        try OwnerOnlyFiles.restrict(staging.path, creating: true)
        try Data(token.utf8).write(to: staging)
        if link(staging.path, file.path) != 0 {
            try? FileManager.default.removeItem(at: staging)
            if let raced = read(in: directory) { return raced }
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file.path])
        }
        try? FileManager.default.removeItem(at: staging)
        return token
    }

    /// The token stored in `directory`, or nil when there is none (or it cannot be read).
    package static func read(in directory: URL) -> String? {
        guard let data = FileManager.default.contents(atPath: directory.appendingPathComponent(fileName).path)
        else { return nil }
        let token = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return token.isEmpty ? nil : token
    }

    /// Whether `authorization` (an `Authorization` header) carries `token`, compared in constant time.
    static func accepts(_ authorization: String?, token: String) -> Bool {
        guard let authorization, authorization.count > 7, authorization.prefix(7).lowercased() == "bearer " else {
            return false
        }
        let presented = Data(authorization.dropFirst(7).trimmingCharacters(in: .whitespaces).utf8)
        return ConstantTime.isEqual(presented, Data(token.utf8))
    }
}
