import Emulator
import EmulatorTestSupport
import ErrorCore
import Foundation
import SDKCrypto
import Testing

@testable import EmulatorCore
@testable import EmulatorPalbase

/// Runs `body` against an emulator serving only the auth service (cheap password hashing), over real HTTP.
func withAuthEmulator<T>(
    policy: AuthPolicy = .testing, clock: ManualClock? = nil, _ body: (AuthTestClient) async throws -> T
) async throws -> T {
    // With a manual clock, the service's time and the proofs' `iat` read it, and it moves only when the test
    // moves it (or sets the admin offset): a step that takes long on a loaded machine never leaves a window
    // such as the refresh grace.
    var now: @Sendable () -> Date = { Date() }
    if let clock { now = clock.read }
    let configuration = EmulatorConfiguration.testing(palbaseHandlers: [AuthService(policy: policy, clock: now)])
    return try await withEmulator(configuration) { server, client in
        try await body(AuthTestClient(server: server, http: client, now: now))
    }
}

/// What the auth service answered, with a sealed body already opened.
struct AuthReply: Sendable {
    let status: Int
    let headers: [String: String]
    /// The plaintext body.
    let body: Data
    /// Whether the response body arrived sealed (`X-Palbase-Sealed: v1`).
    let wasSealed: Bool

    var json: SampleJSONView { SampleJSONView(json: body) }
    var code: String? { json["error"].string }
    func header(_ name: String) -> String? { headers[name.lowercased()] }
}

/// A device's DPoP key, and the proofs it signs, written from RFC 9449 and the contract rather than from the
/// emulator's verifier.
struct DPoPKey: Sendable {
    let key = P256PrivateKey()

    /// The RFC 7638 thumbprint the session should be bound to.
    var thumbprint: String { key.publicKey.jwkThumbprint }

    /// A compact JWS proof; every part can be bent for negative tests.
    func proof(
        method: String, url: String, jti: String = UUID().uuidString, iat: Double = Date().timeIntervalSince1970,
        typ: String = "dpop+jwt", alg: String = "ES256", extraJWK: [String: AnyCodableValue] = [:],
        signingKey: P256PrivateKey? = nil
    ) throws -> String {
        let jwk = key.publicKey.jwk
        var jwkObject: [String: AnyCodableValue] = [
            "kty": .string(jwk.kty), "crv": .string(jwk.crv), "x": .string(jwk.x), "y": .string(jwk.y),
        ]
        jwkObject.merge(extraJWK) { $1 }
        let header: AnyCodableValue = ["typ": .string(typ), "alg": .string(alg), "jwk": .object(jwkObject)]
        let claims: AnyCodableValue = [
            "jti": .string(jti), "htm": .string(method), "htu": .string(url), "iat": .double(iat.rounded(.down)),
        ]
        let input = Base64URL.encode(Data(header.jsonText.utf8)) + "." + Base64URL.encode(Data(claims.jsonText.utf8))
        let signature = try (signingKey ?? key).signature(for: Data(input.utf8))
        return input + "." + Base64URL.encode(signature)
    }
}

/// The tokens a session response carried.
struct IssuedSession: Sendable {
    let accessToken: String
    let refreshToken: String
    let userID: String
    let reply: AuthReply

    init(_ reply: AuthReply, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(reply.status == 200, "\(reply.status) \(reply.code ?? "")", sourceLocation: sourceLocation)
        accessToken = try #require(reply.json["access_token"].string, sourceLocation: sourceLocation)
        refreshToken = try #require(reply.json["refresh_token"].string, sourceLocation: sourceLocation)
        userID = try #require(reply.json["user"]["id"].string, sourceLocation: sourceLocation)
        self.reply = reply
    }
}

/// Sends sealed auth requests the way the contract says a client does, and reads the admin API.
struct AuthTestClient: Sendable {
    let server: EmulatorServer
    let http: EmulatorTestClient
    /// The device's clock: what its DPoP proofs' `iat` read.
    var now: @Sendable () -> Date = { Date() }

    /// The absolute URL of `path`, as a DPoP `htu`.
    func url(_ path: String) -> String { http.baseURL.absoluteString + path }

    /// POSTs `body` sealed to `path`, with a DPoP proof from `dpop` (or the given `proof`) and a bearer token.
    func post(
        _ path: String, _ body: AnyCodableValue = [:], bearer: String? = nil, dpop: DPoPKey? = nil,
        proof: String? = nil
    ) async throws -> AuthReply {
        let sealer = TestSealer(
            serverKey: try P256PublicKey(x963Representation: server.sealingPublicKey), kid: server.sealingKeyID)
        var headers = ["X-Palbase-Sealed": "v1"]
        if let bearer { headers["Authorization"] = "Bearer \(bearer)" }
        if let proof {
            headers["DPoP"] = proof
        } else if let dpop {
            headers["DPoP"] = try dpop.proof(method: "POST", url: url(path), iat: now().timeIntervalSince1970)
        }
        let sealed = try sealer.seal(Data(body.jsonText.utf8), method: "POST", path: path)
        let response = try await http.send("POST", path, headers: headers, body: sealed)
        let wasSealed = response.header("X-Palbase-Sealed") == "v1"
        let plaintext = wasSealed ? try sealer.open(response.body, path: path) : response.body
        return AuthReply(status: response.status, headers: response.headers, body: plaintext, wasSealed: wasSealed)
    }

    /// GETs `path` (no body, so nothing sealed).
    func get(_ path: String, bearer: String? = nil) async throws -> AuthReply {
        let response = try await http.send(
            "GET", path, headers: bearer.map { ["Authorization": "Bearer \($0)"] } ?? [:])
        return AuthReply(status: response.status, headers: response.headers, body: response.body, wasSealed: false)
    }

    /// Calls the auth admin API, `/__emulator/auth/<path>`.
    func admin(_ method: String, _ path: String, _ body: AnyCodableValue? = nil) async throws -> AuthReply {
        let response = try await http.send(
            method, "/__emulator/auth/" + path, body: body.map { Data($0.jsonText.utf8) })
        return AuthReply(status: response.status, headers: response.headers, body: response.body, wasSealed: false)
    }

    /// The metadata of the newest inbox message to `recipient` of `kind` (read through the admin API).
    func inbox(
        to recipient: String, kind: String, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws
        -> [String: String]
    {
        let target =
            "/__emulator/inbox?to=" + (recipient.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
        let messages = SampleJSONView(json: try await http.send("GET", target).body)["messages"].elements
        let matching = messages.filter { $0["metadata"]["kind"].string == kind }
        let last = try #require(matching.last, "no \(kind) message to \(recipient)", sourceLocation: sourceLocation)
        return last["metadata"].members.compactMapValues(\.stringValue)
    }

    /// How many inbox messages `recipient` has.
    func inboxCount(to recipient: String) throws -> Int {
        try server.inbox.messages(to: recipient).count
    }

    /// Signs up `email` with `password`, bound to `key`.
    func signUp(
        _ email: String, _ password: String = "correct-horse", key: DPoPKey = DPoPKey()
    ) async throws
        -> IssuedSession
    {
        try IssuedSession(
            try await post("/auth/signup", ["email": .string(email), "password": .string(password)], dpop: key))
    }

    /// Signs in `email` with `password`, bound to `key`.
    func logIn(
        _ email: String, _ password: String = "correct-horse", key: DPoPKey = DPoPKey()
    ) async throws
        -> AuthReply
    {
        try await post("/auth/login", ["email": .string(email), "password": .string(password)], dpop: key)
    }

    /// Rotates `refreshToken` with a proof from `key`.
    func refresh(_ refreshToken: String, key: DPoPKey) async throws -> AuthReply {
        try await post("/auth/token/refresh", ["refresh_token": .string(refreshToken)], dpop: key)
    }

    /// Moves the service's clock `seconds` from the real time.
    func setClockOffset(_ seconds: Int) async throws {
        let reply = try await admin("PUT", "clock", ["offset_seconds": .int(seconds)])
        #expect(reply.status == 200)
    }

    /// Every session of `userID` as the admin API shows them.
    func sessions(of userID: String) async throws -> [SampleJSONView] {
        try await admin("GET", "users/\(userID)/sessions").json["sessions"].elements
    }
}

/// Checks the contract's error envelope on an auth reply.
func expectAuthError(
    _ reply: AuthReply, _ status: Int, _ code: String, sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(reply.status == status, "got \(reply.status) \(reply.code ?? "")", sourceLocation: sourceLocation)
    #expect(reply.code == code, sourceLocation: sourceLocation)
    #expect(reply.json["status"].int == status, sourceLocation: sourceLocation)
    #expect(reply.json["request_id"].string == reply.header("X-Request-Id"), sourceLocation: sourceLocation)
    #expect(!(reply.json["error_description"].string ?? "").isEmpty, sourceLocation: sourceLocation)
}
