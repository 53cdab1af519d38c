import Emulator
import EmulatorTestSupport
import Foundation
import Testing

@testable import EmulatorCore

@Suite struct EmulatorPersistenceTests {
    @Test func dataAPIKeyAndSealingKeySurviveARestart() async throws {
        try await withTemporaryDirectory { directory async throws in
            var configuration = EmulatorConfiguration(port: 0, storage: .directory(directory))
            configuration.palbaseHandlers = [NotesHandler()]
            let (apiKey, sealingKey) = try await withEmulator(configuration) { server, client async throws in
                #expect(try await client.send("POST", "/notes", json: #"{"id":"keep","text":"me"}"#).status == 201)
                try server.inbox.deliver(InboxMessage(channel: .email, to: "a@b.c", subject: "s", body: "b"))
                try server.addFault(.status(500, error: "still_here"), pathPrefix: "/nowhere")
                return (server.apiKey, server.sealingPublicKey)
            }
            let file = directory.appendingPathComponent(EmulatorConfiguration.databaseFileName)
            #expect(FileManager.default.fileExists(atPath: file.path))

            try await withEmulator(configuration) { server, client async throws in
                #expect(server.apiKey == apiKey)
                #expect(server.sealingPublicKey == sealingKey)
                let note = try await client.send("GET", "/notes/keep")
                #expect(note.status == 200)
                #expect(note.jsonObject()?["text"] as? String == "me")
                #expect(try server.inbox.messages().map(\.to) == ["a@b.c"])
                #expect(try server.faults.all().map(\.pathPrefix) == ["/nowhere"])
                #expect(try server.store.integrityCheck() == "ok")
            }
        }
    }

    @Test func plistPointsAtThisEmulator() async throws {
        try await withEmulator { server, client async throws in
            let data = try server.infoPlist()
            let text = String(decoding: data, as: UTF8.self)
            #expect(text.hasPrefix("<?xml"))
            let plist = try #require(
                try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
            let base = client.baseURL.absoluteString
            #expect(
                plist.compactMapValues { $0 as? String } == [
                    "base_url": base, "api_key": server.apiKey, "environment": "local",
                    "sealing_key": server.sealingPublicKeyBase64URL,
                ])
            // The native sign-in snapshot names the emulator's own simulated providers.
            let oauth = try #require(plist["oauth"] as? [String: [String: String]])
            #expect(
                oauth == [
                    "google": [
                        "mode": "native", "issuer": base + "/__providers/google",
                        "client_id": "emulator-ios.apps.googleusercontent.com",
                        "redirect_uri": "com.googleusercontent.apps.emulator-ios:/oauth2redirect",
                    ],
                    "apple": ["mode": "native", "issuer": base + "/__providers/apple", "client_id": "com.example.app"],
                    "microsoft": [
                        "mode": "native", "issuer": base + "/__providers/microsoft",
                        "client_id": "6f1c5a3e-0000-4000-8000-00000000e001",
                        "redirect_uri": "msauth.com.example.app://auth",
                    ],
                    "github": ["mode": "browser"],
                ])
            #expect(plist.count == 5)
        }
    }

    @Test func separateInMemoryEmulatorsShareNothing() async throws {
        try await withEmulator { first, firstClient async throws in
            try await withEmulator { second, secondClient async throws in
                #expect(first.apiKey != second.apiKey)
                #expect(firstClient.baseURL != secondClient.baseURL)
                #expect(try await firstClient.send("POST", "/notes", json: #"{"id":"x","text":"1"}"#).status == 201)
                #expect(try await secondClient.send("GET", "/notes/x").status == 404)
            }
        }
    }

    @Test func aTakenPortIsAStartErrorAndStartIsIdempotent() async throws {
        try await withEmulator { first, client async throws in
            #expect(try first.start() == client.baseURL)
            let second = try EmulatorServer(
                configuration: EmulatorConfiguration(port: client.baseURL.port ?? 0, storage: .inMemory))
            #expect(throws: (any Error).self) { try second.start() }
            await second.shutdown()
        }
    }

    @Test func unwritableDataDirectoryIsAnError() async throws {
        try await withTemporaryDirectory { directory async throws in
            let blocker = directory.appendingPathComponent("file")
            try Data("x".utf8).write(to: blocker)
            // The data directory would have to live inside a regular file.
            let configuration = EmulatorConfiguration(port: 0, storage: .directory(blocker.appendingPathComponent("d")))
            #expect(throws: (any Error).self) { try EmulatorServer(configuration: configuration) }
        }
    }
}
