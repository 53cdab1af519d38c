import EmulatorPalbase
import EmulatorTestSupport
import ErrorCore
import Foundation
import HTTPServer
import Palbe
import SDKCrypto
import SDKTransport
import Testing

/// Bodies on sealed paths travel as `X-Palbase-Sealed: v1` envelopes; a body that cannot be sealed
/// never leaves the device.
@Suite struct SealingTests {
    private struct Echo: Decodable, Sendable {
        let received: String
    }

    @Test func sealedPathsSendOnlyTheEnvelope() async throws {
        try await withPalbe { bed in
            let secret = AnyCodableValue.object(["note": "the plaintext", "count": 3])
            let echo: Echo = try await bed.client().call("v1/db/echo", secret)
            #expect(echo.received == secret.jsonText, "the emulator opened exactly what was sealed")

            let sent = try bed.onlyRequest(to: "/v1/db/echo")
            #expect(sent.header("X-Palbase-Sealed") == "v1")
            #expect(sent.header("Content-Type") == "application/json")
            let envelope = try JSONDecoder().decode([String: AnyCodableValue].self, from: sent.body)
            #expect(Set(envelope.keys) == ["v", "kid", "epk", "nonce", "ct"])
            #expect(envelope["v"] == 1)
            #expect(envelope["kid"]?.stringValue == bed.emulator.sealingKeyID)
            #expect(!String(decoding: sent.body, as: UTF8.self).contains("plaintext"))
        }
    }

    @Test func unsealedPathsAndBodilessRequestsAreNotSealed() async throws {
        try await withPalbe { bed in
            let client = bed.client()
            let _: Todo = try await client.call("todos", CreateTodoInput(title: "plain"))
            let missing = await #expect(throws: BackendError.self) {
                let _: AnyCodableValue = try await client.call("v1/docs/notes/doc_nope", method: .get)
            }
            #expect(missing?.code == "document_not_found")
            for request in try bed.requests() {
                #expect(request.header("X-Palbase-Sealed") == nil, "\(request.path)")
            }
        }
    }

    @Test func sealedErrorEnvelopesAreOpened() async throws {
        try await withPalbe { bed in
            let error = await #expect(throws: BackendError.self) {
                let _: AnyCodableValue = try await bed.client().call(
                    "auth/conflict", AnyCodableValue.object(["email": "a@example.com"]))
            }
            guard case .server(let failure) = try #require(error) else {
                Issue.record("expected .server, got \(String(describing: error))")
                return
            }
            #expect(failure.code == "echo_conflict")
            #expect(failure.statusCode == 409)
            #expect(failure.data?["received"]?.stringValue == #"{"email":"a@example.com"}"#)
            let sent = try bed.onlyRequest(to: "/auth/conflict")
            #expect(failure.requestId == sent.requestID)
        }
    }

    @Test func unpinnedKeyIsFetchedOnceAndCached() async throws {
        try await withPalbe { bed in
            let client = bed.client(bed.configuration(pinSealingKey: false))
            async let first: Echo = client.call("v1/db/echo", AnyCodableValue.object(["n": 1]))
            async let second: Echo = client.call("v1/db/echo", AnyCodableValue.object(["n": 2]))
            let answers = try await [first, second]
            let third: Echo = try await client.call("v1/db/echo", AnyCodableValue.object(["n": 3]))
            #expect(Set(answers.map(\.received) + [third.received]) == [#"{"n":1}"#, #"{"n":2}"#, #"{"n":3}"#])
            #expect(bed.sent(to: "/.well-known/palbase-sealing-key").count == 1)
            #expect(bed.sent(to: "/v1/db/echo").count == 3)
        }
    }

    @Test func bodyThatCannotBeSealedIsNeverSent() async throws {
        try await withPalbe { bed in
            var badPin = bed.configuration()
            badPin.sealingKey = Base64URL.encode(Data(repeating: 7, count: 65))
            try bed.emulator.addFault(.status(500, error: "down"), pathPrefix: "/.well-known")
            for configuration in [badPin, bed.configuration(pinSealingKey: false)] {
                let recorder = RuntimeRecorder()
                let client = PalbeClient(
                    configuration: configuration, transport: DefaultTransport.make(), runtime: recorder.runtime())
                client.configure(onError: recorder.hook)
                let error = await #expect(throws: BackendError.self) {
                    let _: AnyCodableValue = try await client.call(
                        "auth/login", AnyCodableValue.object(["password": "hunter2"]))
                }
                guard case .transport(let failure) = try #require(error) else {
                    Issue.record("expected .transport, got \(String(describing: error))")
                    return
                }
                #expect(!failure.requestSent)
                #expect(failure.message.contains("must be sealed"))
                #expect(recorder.hookErrors.count == 1)
            }
            #expect(bed.sent(to: "/auth").isEmpty)
            #expect(bed.sent(to: "/.well-known").count == 1, "only the unpinned client tried to fetch")
        }
    }

    @Test func keyFetchRetriesAfterAFailure() async throws {
        try await withPalbe { bed in
            let client = bed.client(bed.configuration(pinSealingKey: false))
            try bed.emulator.addFault(.dropBeforeResponse, pathPrefix: "/.well-known", count: 1)
            let first = await #expect(throws: BackendError.self) {
                let _: Echo = try await client.call("v1/db/echo", AnyCodableValue.object([:]))
            }
            #expect(first?.caseName == "transport")
            let echo: Echo = try await client.call("v1/db/echo", AnyCodableValue.object([:]))
            #expect(echo.received == "{}")
        }
    }

    @Test func forgedSealedResponsesAreNotTrusted() async throws {
        let serverKey = P256PrivateKey()
        let forged = Data(#"{"v":1,"nonce":"AAAAAAAAAAAAAAAA","ct":"AAAAAAAAAAAAAAAAAAAAAAAAAAAA"}"#.utf8)
        try await withScriptedServer(fallback: { request, _ in
            var headers: HTTPHeaders = ["X-Palbase-Sealed": "v1", "X-Request-Id": "req_forged"]
            headers.set("Content-Type", "application/json")
            return HTTPServerResponse(status: request.path.hasSuffix("/ok") ? 200 : 400, headers: headers, body: forged)
        }) { server in
            let client = PalbeClient(
                configuration: PalbeConfiguration(
                    baseURL: server.baseURL, apiKey: "k",
                    sealingKey: Base64URL.encode(serverKey.publicKey.x963Representation),
                    requestTimeout: .seconds(5)),
                transport: DefaultTransport.make(), runtime: RuntimeRecorder().runtime())
            let success = await #expect(throws: BackendError.self) {
                let _: AnyCodableValue = try await client.call("v1/db/ok", AnyCodableValue.object(["a": 1]))
            }
            #expect(success?.caseName == "transport")
            // An error whose sealed body does not open is mapped with no body in hand.
            let failure = await #expect(throws: BackendError.self) {
                let _: AnyCodableValue = try await client.call("v1/db/bad", AnyCodableValue.object(["a": 1]))
            }
            guard case .validation(let validation) = try #require(failure) else {
                Issue.record("expected .validation, got \(String(describing: failure))")
                return
            }
            #expect(validation.fields.isEmpty)
            #expect(validation.requestId == "req_forged")
        }
    }
}
