import ErrorCore
import Foundation
import SDKCrypto

/// The secrets of one emulator data directory: its API key, tenant id and sealing key pair.
///
/// Created on first open and kept in `emulator_meta`, so a restarted emulator answers to the same API key
/// and the `sealing_key` pinned in an app's `Palbase-Info.plist` stays valid. `reset` keeps them.
package struct EmulatorIdentity: Sendable {
    /// The value clients send in the `apikey` header.
    package let apiKey: String
    /// The tenant the API key belongs to (what route handlers see as `PalbaseRequest.tenant`).
    package let tenantID: String
    /// The server's sealing key pair.
    package let sealingKey: SealingKeyPair

    /// Reads the identity, creating and storing whatever is missing.
    package static func loadOrCreate(in store: SQLiteDatabase) throws -> EmulatorIdentity {
        try store.transaction {
            let apiKey = try value("api_key", in: store) {
                Data(("pk_local_" + Base64URL.encode(SecureRandom.bytes(24))).utf8)
            }
            let tenant = try value("tenant_id", in: store) {
                Data(("tenant_" + SecureRandom.bytes(8).map { String(format: "%02x", $0) }.joined()).utf8)
            }
            let sealingRaw = try value("sealing_private_key", in: store) { P256PrivateKey().rawRepresentation }
            return EmulatorIdentity(
                apiKey: String(decoding: apiKey, as: UTF8.self),
                tenantID: String(decoding: tenant, as: UTF8.self),
                sealingKey: try SealingKeyPair(privateKey: P256PrivateKey(rawRepresentation: sealingRaw))
            )
        }
    }

    private static func value(_ key: String, in store: SQLiteDatabase, create: () -> Data) throws -> Data {
        if let existing = try store.query("SELECT value FROM emulator_meta WHERE key = ?", [.text(key)]).first,
            let data = existing.data("value")
        {
            return data
        }
        let fresh = create()
        try store.execute("INSERT INTO emulator_meta (key, value) VALUES (?, ?)", [.text(key), .blob(fresh)])
        return fresh
    }
}
