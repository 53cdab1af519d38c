import EmulatorTestSupport
import ErrorCore
import Foundation
import HTTPServer
import SDKCrypto
import SDKTransport
import Testing

@testable import ChatbaseSDK

/// Keeps every record, for asserting what is (and is not) logged.
final class CapturingLogger: SDKLogger {
    private let records = Locked<[LogRecord]>([])
    var all: [LogRecord] { records.withLock { $0 } }
    func log(_ record: LogRecord) { records.withLock { $0.append(record) } }
}

@Suite(.hangGuard) struct ClientIdentityAndLoggingTests {
    @Test func deviceIdIsCreatedOnceAndPersistedAsAFile() async throws {
        let storage = temporaryStorage()
        defer { try? FileManager.default.removeItem(at: storage.directory) }
        let ids = await withTaskGroup(of: String.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    ChatbaseClient(agentId: "a", transport: DefaultTransport.make(), storage: storage).deviceId
                }
            }
            return await group.reduce(into: Set<String>()) { $0.insert($1) }
        }
        #expect(ids.count == 1)
        let stored = DeviceIdStore.read(storage.directory.appendingPathComponent(DeviceIdStore.fileName))
        #expect(stored == ids.first)
        let other = temporaryStorage()
        defer { try? FileManager.default.removeItem(at: other.directory) }
        #expect(ChatbaseClient(agentId: "a", transport: DefaultTransport.make(), storage: other).deviceId != ids.first)
    }

    /// Issue 18: `device-id` was 0644, yet it grants access to anonymous conversations.
    @Test func theDeviceIdFileAndItsDirectoryAreOwnerOnly() throws {
        let storage = temporaryStorage()
        defer { try? FileManager.default.removeItem(at: storage.directory) }
        let file = storage.directory.appendingPathComponent(DeviceIdStore.fileName)
        func mode(_ path: String) throws -> Int {
            try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) & 0o777
        }
        _ = ChatbaseClient(agentId: "a", transport: DefaultTransport.make(), storage: storage).deviceId
        #expect(try mode(storage.directory.path) == 0o700)
        #expect(try mode(file.path) == 0o600)
    }

    /// A `device-id` others could have written (or a link) is never used: it could hand this install
    /// someone else's anonymous conversations. A fresh ID replaces it, owner-only.
    @Test func aPlantedDeviceIdIsReplacedNotUsed() throws {
        let storage = temporaryStorage()
        defer { try? FileManager.default.removeItem(at: storage.directory) }
        try FileManager.default.createDirectory(at: storage.directory, withIntermediateDirectories: true)
        let file = storage.directory.appendingPathComponent(DeviceIdStore.fileName)
        let planted = UUID().uuidString
        try Data((planted + "\n").utf8).write(to: file)
        #expect(chmod(file.path, 0o666) == 0)
        let logger = CapturingLogger()
        let id = ChatbaseClient(agentId: "a", transport: DefaultTransport.make(), storage: storage, logger: logger)
            .deviceId
        #expect(id != planted)
        #expect(DeviceIdStore.read(file) == id)
        let mode = try #require(FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int)
        #expect(mode & 0o777 == 0o600)
    }

    @Test func standardDirectoryFollowsXDG() {
        #expect(
            ChatbaseStorage.standardDirectory(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/u"]).path
                == "/data/chatbase-sdk")
        #expect(
            ChatbaseStorage.standardDirectory(environment: ["XDG_DATA_HOME": "relative", "HOME": "/home/u"]).path
                == "/home/u/.local/share/chatbase-sdk")
    }

    @Test func identityKeysAreValidAndDistinctPerAgent() {
        let keys = ["agent-1", "agent/1", "agent 1", "../x", "ä"].map(IdentityStore.key(for:))
        #expect(Set(keys).count == keys.count)
        #expect(keys.allSatisfy(FileSecureStore.isValidKey))
    }

    @Test func logsRequestsButNeverTokensMessagesOrToolData() async throws {
        let logger = CapturingLogger()
        try await withChatbaseEmulator { harness in
            let client = ChatbaseClient(
                agentId: "emulator-agent", baseURL: harness.apiBase, transport: DefaultTransport.make(),
                storage: harness.storage, logger: logger)
            client.tool("get_weather") { _ in ["secret_output": "TOOL-OUTPUT-42"] }
            let token = try harness.token("user-logged")
            try await client.identify(token: token)
            _ = try await client.send("my private question about weather in Lisbon")
            _ = try? await client.identify(token: "bad.token.value")
        }
        let lines = logger.all.map(\.message)
        #expect(logger.all.allSatisfy { $0.subsystem == "com.chatbase.sdk" })
        #expect(lines.contains { $0.hasPrefix("POST /api/sdk/agents/emulator-agent/chat → 200 in ") })
        #expect(lines.contains { $0.contains("/tool-result → 200") })
        #expect(lines.contains { $0.contains("/verify → 401") })
        let everything = lines.joined(separator: "\n")
        for secret in ["eyJ", "private question", "Lisbon", "TOOL-OUTPUT-42", "bad.token.value"] {
            #expect(!everything.contains(secret), "log leaked \(secret)")
        }
    }

    @Test func aReplyFinishingAfterLogoutDoesNotRestoreItsConversation() async throws {
        try await withScriptedClient { server, client, _ in
            let release = TestSignal()
            server.on("POST", "/chat") { _, _ in
                .stream(headers: ["Content-Type": "text/event-stream"]) { writer in
                    await release.wait()
                    try await writer.write(ScriptedServer.turn(text: ["late"]))
                }
            }
            let task = Task { try await client.send("hi") }
            await server.waitForRequest()
            client.logout()
            release.fire()
            _ = try await task.value
            #expect(client.currentConversationId == nil)
        }
    }
}
