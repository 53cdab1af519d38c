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
    ///
    /// - Throws: ``OwnerOnlyFiles/Failure`` when the token file is not one this user alone could have
    ///   written (a link, another user's, writable by others): a planted token is never used. The
    ///   emulator then refuses to start, and says which file to remove.
    package static func loadOrCreate(for storage: EmulatorConfiguration.Storage) throws -> String {
        guard case .directory(let directory) = storage else { return generate() }
        if let existing = try trusted(in: directory) { return existing }
        let token = generate()
        // Created only if absent: two emulators opening one fresh directory at once keep one token.
        if try OwnerOnlyFiles.create(Data(token.utf8), at: directory.appendingPathComponent(fileName)) {
            return token
        }
        if let raced = try trusted(in: directory) { return raced }
        throw CocoaError(
            .fileReadCorruptFile, userInfo: [NSFilePathErrorKey: directory.appendingPathComponent(fileName).path])
    }

    /// The token stored in `directory`, or nil when there is none, or it is empty, or it is not trusted
    /// (see ``loadOrCreate(for:)``).
    package static func read(in directory: URL) -> String? {
        try? trusted(in: directory)
    }

    private static func trusted(in directory: URL) throws -> String? {
        guard let data = try OwnerOnlyFiles.read(directory.appendingPathComponent(fileName)) else { return nil }
        let token = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return token.isEmpty ? nil : token
    }

    /// Whether `authorization` (an `Authorization` header) carries `token`, compared in constant time.
    package static func accepts(_ authorization: String?, token: String) -> Bool {
        guard let authorization, authorization.count > 7, authorization.prefix(7).lowercased() == "bearer " else {
            return false
        }
        let presented = Data(authorization.dropFirst(7).trimmingCharacters(in: .whitespaces).utf8)
        return ConstantTime.isEqual(presented, Data(token.utf8))
    }
}
