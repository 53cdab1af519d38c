import ErrorCore
import Foundation

/// The persisted unit: the DPoP device key, and the session with its cached user when one exists,
/// written and read as one secure-store item so they can never disagree.
///
/// Stored as JSON (`{"version":1,"device_key":"<base64>","session":{…}|null}`) through the SDK's
/// snake_case coders; ``decode(_:)`` refuses anything that is not a whole, valid unit.
package struct PersistedAuth: Sendable, Equatable, Codable {
    /// The layout written today.
    package static let currentVersion = 1

    package var version: Int
    /// The device key's 32-byte private scalar.
    package var deviceKey: Data
    package var session: SignedInSession?

    /// A unit of `deviceKey` and `session`.
    package init(deviceKey: DeviceKey, session: SignedInSession?) {
        version = Self.currentVersion
        self.deviceKey = deviceKey.rawRepresentation
        self.session = session
    }

    /// The bytes to store.
    package func encoded() throws -> Data {
        try SDKCoders.snakeCaseEncoder().encode(self)
    }

    /// The unit in `data`; throws ``PersistedAuthError`` for anything else (another version, a
    /// truncated or altered item, a key that is not a valid P-256 scalar).
    package static func decode(_ data: Data) throws -> PersistedAuth {
        let unit: PersistedAuth
        do {
            unit = try SDKCoders.snakeCaseDecoder().decode(PersistedAuth.self, from: data)
        } catch {
            throw PersistedAuthError(
                reason: "the stored session does not decode (\(CodingErrorDescription.describe(error)))")
        }
        guard unit.version == currentVersion else {
            throw PersistedAuthError(reason: "the stored session has version \(unit.version)")
        }
        guard (try? DeviceKey(rawRepresentation: unit.deviceKey)) != nil else {
            throw PersistedAuthError(reason: "the stored device key is not a P-256 private key")
        }
        return unit
    }

    /// The device key it holds (checked valid by ``decode(_:)``).
    package var key: DeviceKey? {
        try? DeviceKey(rawRepresentation: deviceKey)
    }
}

/// A stored item that is not a usable unit.
package struct PersistedAuthError: Error, Sendable, CustomStringConvertible {
    /// What is wrong; never the item's contents.
    package let reason: String

    package var description: String { reason }
}
