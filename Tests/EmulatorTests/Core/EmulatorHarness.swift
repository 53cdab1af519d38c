import Emulator
import EmulatorTestSupport
import ErrorCore
import Foundation
import SDKCrypto
import Testing

@testable import EmulatorCore

/// Runs `body` against a started emulator and always shuts it down, also when `body` throws.
func withEmulator<T>(
    _ configuration: EmulatorConfiguration = .testing(palbaseHandlers: [NotesHandler()]),
    _ body: (EmulatorServer, EmulatorTestClient) async throws -> T
) async throws -> T {
    try await withRunningEmulator(configuration) { server, baseURL in
        try await body(server, EmulatorTestClient(baseURL: baseURL, defaultHeaders: ["apikey": server.apiKey]))
    }
}

/// A tiny Palbase backend for platform tests (migration 900):
///
/// - `POST /notes` `{"id","text"}` → 201 the note; 409 `note_exists`
/// - `GET /notes/{id}` → the note (ids may hold any character); 404 `note_not_found`
/// - `DELETE /notes/{id}` → 405 `method_not_allowed`
/// - `POST /auth/echo`, `POST /v1/db/echo` (sealed paths) → 200 `{"received": <the plaintext body as text>}`
/// - `POST /auth/fail` → 409 `echo_conflict` with `data` (to see sealed error envelopes)
/// - `GET /whoami` → `{"tenant","request_id","query":[[name,value]]}`
struct NotesHandler: PalbaseRouteHandler {
    struct Note: Codable {
        let id: String
        let text: String
    }

    /// Sorted keys: byte-level tests rely on `{"id"` coming first.
    private static func encode(_ value: some Encodable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return try encoder.encode(value)
    }

    var migrations: [Migration] {
        [Migration(version: 900, sql: "CREATE TABLE notes (id TEXT PRIMARY KEY, tenant TEXT NOT NULL, text TEXT)")]
    }

    func handle(_ request: PalbaseRequest, store: SQLiteDatabase) async throws -> PalbaseResponse? {
        switch (request.method, request.segments) {
        case ("POST", ["notes"]):
            let note = try JSONDecoder().decode(Note.self, from: request.body)
            do {
                try store.execute(
                    "INSERT INTO notes (id, tenant, text) VALUES (?, ?, ?)",
                    [.text(note.id), .text(request.tenant), .text(note.text)])
            } catch let error as SQLiteError where error.isConstraintViolation {
                throw PalbaseHTTPError(status: 409, code: "note_exists", description: "Note exists")
            }
            return PalbaseResponse(status: 201, json: try Self.encode(note))
        case ("GET", let path) where path.count == 2 && path[0] == "notes":
            guard let row = try store.query("SELECT * FROM notes WHERE id = ?", [.text(path[1])]).first else {
                throw PalbaseHTTPError(
                    status: 404, code: "note_not_found", description: "No note", details: [["field": "id"]])
            }
            return PalbaseResponse(
                json: try Self.encode(Note(id: path[1], text: row.string("text") ?? "")))
        case (_, let path) where path.count == 2 && path[0] == "notes":
            throw PalbaseHTTPError(
                status: 405, code: "method_not_allowed", description: "No", headers: [("Allow", "GET")])
        case ("POST", ["auth", "echo"]), ("POST", ["v1", "db", "echo"]):
            let text = String(decoding: request.body, as: UTF8.self)
            return PalbaseResponse(json: try Self.encode(["received": text]))
        case ("POST", ["auth", "fail"]):
            throw PalbaseHTTPError(
                status: 409, code: "echo_conflict", description: "Conflict", data: ["epoch": 7],
                extraTopLevel: ["fields": ["a"], "error": "must not override"])
        case ("GET", ["whoami"]):
            let query: [AnyCodableValue] = request.query.map { [.string($0.name), .string($0.value)] }
            let body: AnyCodableValue = [
                "tenant": .string(request.tenant), "request_id": .string(request.requestID), "query": .array(query),
            ]
            return PalbaseResponse(json: try Self.encode(body))
        default:
            return nil
        }
    }
}

/// A client-side sealer, written from the contract (not from the emulator's code), for sealing tests.
struct TestSealer {
    let serverKey: P256PublicKey
    let kid: String
    let ephemeral = P256PrivateKey()

    var key: Data {
        get throws {
            try HKDFSHA256.deriveKey(
                inputKeyMaterial: try ephemeral.sharedSecret(with: serverKey), salt: Data(),
                info: Data("palbase-seal-v1".utf8), outputByteCount: 32)
        }
    }

    /// The sealed request body for `plaintext` sent as `method path`.
    func seal(_ plaintext: Data, method: String, path: String, aad: String? = nil) throws -> Data {
        let nonce = SecureRandom.bytes(12)
        let ct = try AES256GCM.seal(
            plaintext, key: try key, nonce: nonce, authenticating: Data((aad ?? "\(method) \(path)").utf8))
        let envelope: AnyCodableValue = [
            "v": 1, "kid": .string(kid), "epk": .string(Base64URL.encode(ephemeral.publicKey.x963Representation)),
            "nonce": .string(Base64URL.encode(nonce)), "ct": .string(Base64URL.encode(ct)),
        ]
        return try JSONEncoder().encode(envelope)
    }

    /// Opens a sealed response body `{"v":1,"nonce","ct"}` for `path`.
    func open(_ body: Data, path: String) throws -> Data {
        let object = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        #expect(object["v"] as? Int == 1)
        let nonce = try #require(Base64URL.decode(object["nonce"] as? String ?? ""))
        let ct = try #require(Base64URL.decode(object["ct"] as? String ?? ""))
        return try AES256GCM.open(ct, key: try key, nonce: nonce, authenticating: Data("response \(path)".utf8))
    }
}
