import EmulatorCore
import ErrorCore
import Foundation
import HTTPServer

/// The auth part of the admin API, under `/__emulator/auth/` (no `apikey`, snake_case JSON, errors in the
/// Palbase envelope; 404 `not_found` for every path when no `AuthService` is mounted). It acts on the
/// emulator's tenant.
///
/// | method, path | body | answer |
/// | --- | --- | --- |
/// | GET `settings` | | the settings document |
/// | PUT `settings` | the whole document (omitted keys are 0 / false / [] / null) | 200 the document; 400 `invalid_settings` |
/// | GET `clock` | | `{"offset_seconds","now"}` |
/// | PUT `clock` | `{"offset_seconds"}` (at most ±10 years) | `{"offset_seconds","now"}` |
/// | DELETE `clock` | | 204, offset 0 |
/// | GET `users?email=&phone=` | | `{"users":[…]}`, oldest first |
/// | GET `users/{id}` | | the user with `has_password`, `is_anonymous`, `mfa_factors`, `fenced`, `deleted`, `given_name`, `family_name` |
/// | GET `users/{id}/sessions` | | `{"sessions":[{id,user_id,dpop_jkt,authenticated_at,created_at,revoked_at,revoked_reason}]}` |
/// | DELETE `users/{id}/sessions` | | `{"revoked":N}`: every live session revoked (`session_revoked` from then on) |
/// | GET / PUT / DELETE `users/{id}/mfa` | PUT `{"factors":["totp",…]}` | `{"factors":[…]}` / 204 after DELETE |
/// | POST / DELETE `users/{id}/fence` | | 204: the account's requests answer 403 `subject_fenced`, or no longer |
/// | GET `sessions` | | `{"sessions":[…]}`, every user's |
/// | POST `providers/{provider}/id-token` | `{"claims":{…}}` | `{"id_token"}`: the claims verbatim, signed by that simulated provider's current key (google, apple, microsoft; else 404) |
///
/// Messages the service sent are read from the inbox (`GET /__emulator/inbox`).
struct AuthAdminRoutes {
    let server: EmulatorServer

    /// Answers `method path` (the segments after `auth`); throws `PalbaseHTTPError`.
    func respond(to request: HTTPServerRequest, path: [String]) throws -> HTTPServerResponse {
        guard let service = server.configuration.palbaseHandlers.lazy.compactMap({ $0 as? AuthService }).first else {
            throw PalbaseHTTPError.notFound(request.path)
        }
        let tenant = server.tenantID
        let store = server.store
        let users = AuthUserStore(tenant: tenant, store: store)
        let sessions = AuthSessionStore(tenant: tenant, store: store, policy: service.policy)
        let query = try PalbaseRequestParser.query(request.query)
        func parameter(_ name: String) -> String? { query.first { $0.name == name }?.value }
        func user(_ id: String) throws -> AuthUser {
            guard let user = try users.user(id: id) else { throw PalbaseHTTPError.notFound(request.path) }
            return user
        }
        switch (request.method, path) {
        case ("GET", ["settings"]):
            return Self.json(try AuthSettings.load(tenant: tenant, store: store).document)
        case ("PUT", ["settings"]):
            let settings = try AuthSettings(document: try Self.object(request.body))
            try settings.save(tenant: tenant, store: store)
            return Self.json(settings.document)
        case (let method, ["clock"]):
            // The clock answers its own methods, and 405 for the rest.
            return try service.clock.answerAdmin(method: method, body: request.body)
        case ("GET", ["users"]):
            let all = try users.all().filter { user in
                (parameter("email").map { user.email == $0.lowercased() } ?? true)
                    && (parameter("phone").map { user.phone == $0 } ?? true)
            }
            return Self.json(["users": .array(all.map(\.adminJSON))])
        case ("GET", let path) where path.count == 2 && path[0] == "users":
            return Self.json(try user(path[1]).adminJSON)
        case ("GET", let path) where path.count == 3 && path[0] == "users" && path[2] == "sessions":
            let id = try user(path[1]).id
            return Self.json(["sessions": .array(try sessions.sessions(userID: id).map(\.adminJSON))])
        case ("DELETE", let path) where path.count == 3 && path[0] == "users" && path[2] == "sessions":
            let revoked = try sessions.revokeAll(userID: try user(path[1]).id, reason: "admin", now: service.now)
            return Self.json(["revoked": .int(revoked)])
        case ("GET", let path) where path.count == 3 && path[0] == "users" && path[2] == "mfa":
            return Self.json(Self.factors(try user(path[1]).mfaFactors))
        case ("PUT", let path) where path.count == 3 && path[0] == "users" && path[2] == "mfa":
            var account = try user(path[1])
            guard case .object(let fields) = try Self.object(request.body),
                let factors = fields["factors"]?.arrayValue?.compactMap(\.stringValue),
                factors.count == fields["factors"]?.arrayValue?.count,
                factors.allSatisfy({ !$0.isEmpty && $0.count <= 32 })
            else { throw PalbaseHTTPError.badRequest("factors must be an array of short strings") }
            account.mfaFactors = factors
            try users.update(account)
            return Self.json(Self.factors(factors))
        case ("DELETE", let path) where path.count == 3 && path[0] == "users" && path[2] == "mfa":
            var account = try user(path[1])
            account.mfaFactors = []
            try users.update(account)
            return HTTPServerResponse(status: 204)
        case (let method, let path)
        where (method == "POST" || method == "DELETE") && path.count == 3 && path[0] == "users" && path[2] == "fence":
            var account = try user(path[1])
            account.fenced = request.method == "POST"
            try users.update(account)
            return HTTPServerResponse(status: 204)
        case ("GET", ["sessions"]):
            return Self.json(["sessions": .array(try sessions.sessions(userID: nil).map(\.adminJSON))])
        case ("POST", let path) where path.count == 3 && path[0] == "providers" && path[2] == "id-token":
            guard let provider = OAuthProvider(rawValue: path[1]) else { throw PalbaseHTTPError.notFound(request.path) }
            guard case .object(let fields) = try Self.object(request.body), fields.count == 1,
                case .object(let claims)? = fields["claims"]
            else { throw PalbaseHTTPError.badRequest("The body must be {\"claims\": {…}}") }
            guard let token = try service.providerKeys.idToken(claims, for: provider) else {
                throw PalbaseHTTPError.notFound(request.path)
            }
            return Self.json(["id_token": .string(token)])
        default:
            if let allowed = Self.methods(for: path) {
                throw PalbaseHTTPError.methodNotAllowed(request.method, allowed: allowed)
            }
            throw PalbaseHTTPError.notFound(request.path)
        }
    }

    /// The methods a known path allows, for 405; nil for an unknown path.
    private static func methods(for path: [String]) -> [String]? {
        switch (path.count, path.first, path.last) {
        case (1, "settings", _): ["GET", "PUT"]
        case (1, "users", _), (2, "users", _), (1, "sessions", _): ["GET"]
        case (3, "users", "sessions"): ["DELETE", "GET"]
        case (3, "users", "mfa"): ["DELETE", "GET", "PUT"]
        case (3, "users", "fence"): ["DELETE", "POST"]
        case (3, "providers", "id-token"): ["POST"]
        default: nil
        }
    }

    private static func factors(_ factors: [String]) -> AnyCodableValue {
        ["factors": .array(factors.map(AnyCodableValue.string))]
    }

    private static func object(_ body: Data) throws -> AnyCodableValue {
        guard let value = SampleJSON.parse(body), case .object = value else {
            throw PalbaseHTTPError.badRequest("The body must be a JSON object")
        }
        return value
    }

    private static func json(_ value: AnyCodableValue, status: Int = 200) -> HTTPServerResponse {
        .json(status, value.jsonText)
    }
}
