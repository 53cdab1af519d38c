import EmulatorPalbase
import EmulatorTestSupport
import ErrorCore
import Foundation
import Palbe
import SDKCrypto
import SDKTransport
import Testing

/// Upgrades never sign anyone out (issue 29 §3): every released format of the persisted unit, kept in
/// `Specs/palbase/session-units`, is restored by today's SDK; a newer format is left alone.
@Suite struct PersistedFormatTests {
    static let folder = PackageRoot.url.appendingPathComponent("Specs/palbase/session-units")

    static func golden(_ name: String) throws -> Data {
        try Data(contentsOf: folder.appendingPathComponent(name))
    }

    @Test func everyGoldenUnitIsListedAndDecodes() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter {
            $0.hasSuffix(".json")
        }
        #expect(files.sorted() == ["v1-signed-in.json", "v1-signed-out.json", "v2-secure-enclave-signed-in.json"])
        for file in files {
            let unit = try PersistedAuth.decode(try Self.golden(file))
            // The enclave fixture's blob is one no enclave opens (see the folder's README).
            #expect((unit.key != nil) == (unit.deviceKeyKind == nil), "\(file)")
        }
    }

    /// Today's writer writes exactly the current format's golden bytes: a change to the stored format
    /// cannot slip in without a new golden file (and a reader for the old one).
    @Test func todaysWriterWritesTheCurrentGoldenBytes() throws {
        for file in ["v1-signed-in.json", "v1-signed-out.json", "v2-secure-enclave-signed-in.json"] {
            let bytes = try Self.golden(file)
            #expect(try PersistedAuth.decode(bytes).encoded() == bytes, "\(file)")
        }
    }

    @Test func aClientRestoresTheGoldenSessionWithNoNetwork() async throws {
        try await withAuthBackend { bed in
            let store = ScriptedSecureStore()
            let key = bed.client().session.persistence.key
            try store.inner.write(try Self.golden("v1-signed-in.json"), for: key)
            let transport = ScriptedTransport()
            let client = bed.client(store: store, transport: transport)
            let states = Heard<AuthState>()
            _ = await client.auth.onAuthStateChange(states.listener)
            let restored = try #require(await states.wait(for: 1).first)
            guard case .signedIn(let user) = restored else {
                Issue.record("expected the golden session, got \(restored)")
                return
            }
            #expect(user.id == "usr_golden_v1")
            #expect(user.email == "golden@example.com")
            #expect(transport.requests.isEmpty)
            #expect(store.writes == 0 && store.deletes == 0)
        }
    }

    /// A downgrade: the unit a newer SDK wrote is not read, not deleted, and the SDK starts signed out.
    @Test func aUnitOfANewerFormatIsLeftAsItIs() async throws {
        try await withAuthBackend { bed in
            var object = try JSONSerialization.jsonObject(with: try Self.golden("v1-signed-in.json")) as! [String: Any]
            object["version"] = PersistedAuth.currentVersion + 1
            object["new_field"] = "a newer SDK's"
            let newer = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
            #expect(throws: PersistedAuthError.self) { try PersistedAuth.decode(newer) }
            #expect((try? PersistedAuth.decode(newer)) == nil)
            do {
                _ = try PersistedAuth.decode(newer)
            } catch let error as PersistedAuthError {
                #expect(error.isNewerFormat)
            }

            let store = ScriptedSecureStore()
            let key = bed.client().session.persistence.key
            try store.inner.write(newer, for: key)
            let client = bed.client(store: store, transport: ScriptedTransport())
            let states = Heard<AuthState>()
            _ = await client.auth.onAuthStateChange(states.listener)
            #expect(await states.wait(for: 1) == [.signedOut])
            #expect(store.writes == 0 && store.deletes == 0)
            #expect(try store.inner.read(key) == newer)
        }
    }

    /// A unit whose device key this device cannot open (a Secure Enclave key restored onto another device, §4):
    /// no crash, no request; the session ends as expired at boot, the unusable unit is removed, and the next
    /// sign-in binds a new key.
    @Test func aUnitWhoseKeyThisDeviceCannotOpenEndsItsSessionAsExpired() async throws {
        try await withAuthBackend { bed in
            let store = ScriptedSecureStore()
            let memory = store.inner
            let key = bed.client().session.persistence.key
            try memory.write(try Self.golden("v2-secure-enclave-signed-in.json"), for: key)
            // The read is held until both listeners are in, so the boot event cannot pass before them.
            let launchRead = store.hold(.read)
            let transport = ScriptedTransport()
            let client = bed.client(store: store, transport: transport)
            let states = Heard<AuthState>()
            let events = Heard<AuthEvent>()
            _ = await client.auth.onAuthEvent(events.listener)
            _ = await client.auth.onAuthStateChange(states.listener)
            launchRead.open()
            #expect(await states.wait(for: 1) == [.signedOut])
            #expect(await events.wait(for: 1) == [.signedOut(reason: .sessionExpired)])
            #expect(transport.requests.isEmpty)
            await client.session.settled()
            #expect(try memory.read(key) == nil, "the unusable unit is gone")

            let fresh = bed.client(store: store)
            _ = try await fresh.auth.signUp(email: "newkey@example.com", password: "correct-horse")
            await fresh.session.settled()
            let unit = try #require(try fresh.session.persistence.loadNow())
            #expect(unit.key != nil && unit.version == 1 && unit.deviceKeyKind == nil, "a new software key here")
        }
    }

    /// An enclave key in a format-1 unit is not a unit any SDK wrote: refused.
    @Test func anEnclaveKeyInAFormatOneUnitIsRefused() throws {
        var object =
            try JSONSerialization.jsonObject(
                with: try Self.golden("v2-secure-enclave-signed-in.json")) as! [String: Any]
        object["version"] = 1
        let forged = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        #expect(throws: PersistedAuthError.self) { try PersistedAuth.decode(forged) }
    }
}
