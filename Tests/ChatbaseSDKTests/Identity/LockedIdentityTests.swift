import EmulatorChatbase
import EmulatorTestSupport
import ErrorCore
import Foundation
import SDKCrypto
import Testing

@testable import ChatbaseSDK

/// A locked Keychain is not an anonymous user (issue 29 §2): while the saved identity cannot be read,
/// nothing goes out anonymous and nothing is deleted.
@Suite(.hangGuard) struct LockedIdentityTests {
    static func storage(_ harness: ChatbaseEmulatorHarness, _ store: ScriptedSecureStore) -> ChatbaseStorage {
        ChatbaseStorage(directory: harness.storage.directory, secureStore: store)
    }

    @Test func aLockedIdentityIsWaitedForAndTheRequestGoesOutAsTheUser() async throws {
        try await withChatbaseEmulator { harness in
            try await harness.client().identify(token: try harness.token("user-7"))
            let locked = ScriptedSecureStore(over: harness.storage.secureStore, lockedReads: 3)
            let relaunched = harness.client(storage: Self.storage(harness, locked))
            let reply = try await relaunched.send("hello again")
            #expect(locked.failedReads == 3)
            #expect(relaunched.currentUserId == "user-7")
            let mine = try await relaunched.listConversations()
            #expect(mine.data.map(\.id).contains(reply.conversationId), "the conversation is the user's")
            #expect(mine.data.first?.userId == "user-7")
        }
    }

    @Test func anIdentityLockedForeverSendsNothingAnonymousAndDeletesNothing() async throws {
        try await withChatbaseEmulator { harness in
            let token = try harness.token("user-8")
            try await harness.client().identify(token: token)
            let key = IdentityStore.key(for: "emulator-agent")
            let saved = try #require(try harness.storage.secureStore.read(key))
            let locked = ScriptedSecureStore(over: harness.storage.secureStore, lockedReads: .max)
            let relaunched = harness.client(storage: Self.storage(harness, locked))
            let before = try (harness.server.requests(to: "/api/sdk").filter { $0.path.hasSuffix("/chat") }.count)

            let error = await thrownError { try await relaunched.send("who am I?") }
            guard case .networkError(let underlying)? = error as? APIError else {
                Issue.record("expected a network error, got \(String(describing: error))")
                return
            }
            #expect((underlying as? URLError)?.code == .userAuthenticationRequired)
            #expect(
                try harness.server.requests(to: "/api/sdk").filter { $0.path.hasSuffix("/chat") }.count == before,
                "nothing went out anonymous")
            #expect(locked.deletes == 0)
            #expect(try harness.storage.secureStore.read(key) == saved)
        }
    }

    /// The probe the Apple device-ID path asks before it would write a new ID into `UserDefaults` (which answers
    /// "no value" before the first unlock): a Keychain that says locked means "cannot read now", an empty or
    /// readable one does not, and an I/O failure is not taken for a lock.
    @Test func theDeviceIDPathTakesOnlyALockedKeychainForLocked() throws {
        try withTemporaryDirectory { directory in
            let files = FileSecureStore(directory: directory)
            #expect(DeviceIdStore.isLocked(ScriptedSecureStore(over: files, lockedReads: .max)))
            #expect(!DeviceIdStore.isLocked(ScriptedSecureStore(over: files)), "readable and empty")
            try files.write(Data("token".utf8), for: IdentityStore.officialKey)
            #expect(!DeviceIdStore.isLocked(files), "readable with a token")
            let failing = ScriptedSecureStore()
            failing.fail(.read, code: EACCES)  // for good
            #expect(!DeviceIdStore.isLocked(failing), "a failure that is not a lock")
        }
    }
}
