import EmulatorCore
import ErrorCore
import Foundation
import HTTPServer

/// The simulated OpenID providers a native sign-in talks to, at `<B>` = `http://<Host>/__providers/<provider>`
/// for Google, Apple and Microsoft (anything else, GitHub included, is 404). Public: no `apikey`, never sealed,
/// as a real provider's endpoints are.
///
/// | method, path below `<B>` | answer |
/// | --- | --- |
/// | GET `/.well-known/openid-configuration` | the discovery document (issuer `<B>`, endpoints below it, ES256, S256) |
/// | GET `/jwks` | `{"keys":[{EC P-256 key,"kid","alg":"ES256","use":"sig"}]}` |
/// | GET `/authorize?response_type=code&client_id&redirect_uri&scope&state&nonce&code_challenge&code_challenge_method=S256` | a consent form; with `decision=approve` (optional `email`, `subject`, `given_name`, `family_name`) a 302 to `redirect_uri` with `code` and `state`, with `decision=deny` one with `error=access_denied` and `state`; 400 page for a request that fails a check |
/// | POST `/token` (form: `grant_type=authorization_code&code&redirect_uri&client_id&code_verifier`) | `{"access_token","token_type":"Bearer","expires_in":3600,"id_token"}` (+ Apple's `user` on a first authorization); OAuth 2 errors |
///
/// Clients are `NativeOAuthClients`; tokens are signed with the service's `SimulatedProviderKeys` and dated on
/// the service clock (the admin offset applies).
struct SimulatedProvider {
    let tenant: String
    let store: SQLiteDatabase
    let keys: SimulatedProviderKeys
    /// The service's time, in milliseconds.
    let now: Int64

    /// How long an authorization code may wait for its redemption, in seconds.
    static let codeLifetime = 600
    /// How long an ID token is valid from its `iat`, in seconds.
    static let idTokenLifetime = 600
    /// The `expires_in` of the (unused) access token the token endpoint hands out with the ID token.
    static let accessTokenLifetime = 3600

    /// The answer to a request below `/__providers`, or nil for any other path.
    func respond(to request: HTTPServerRequest) -> HTTPServerResponse? {
        let prefix = NativeOAuthClients.pathPrefix
        guard request.path == prefix || request.path.hasPrefix(prefix + "/") else { return nil }
        guard let segments = try? PalbaseRequestParser.segments(of: request.path), segments.count >= 2,
            let provider = OAuthProvider(rawValue: segments[1]), NativeOAuthClients.clientID(for: provider) != nil,
            let issuer = NativeOAuthClients.issuer(for: provider, host: request.headers["Host"])
        else {
            return Self.error(404, "not_found", "The emulator simulates Google, Apple and Microsoft here")
        }
        let endpoint = Array(segments.dropFirst(2))
        // The documents also answer HEAD; the authorize page does not, since its GET can issue a code.
        let allowed: [String]
        switch endpoint {
        case [".well-known", "openid-configuration"], ["jwks"]: allowed = ["GET", "HEAD"]
        case ["authorize"]: allowed = ["GET"]
        case ["token"]: allowed = ["POST"]
        default: return Self.error(404, "not_found", "No such endpoint")
        }
        guard allowed.contains(request.method) else {
            var response = Self.error(405, "invalid_request", "Use \(allowed.joined(separator: " or "))")
            response.headers.set("Allow", allowed.joined(separator: ", "))
            return response
        }
        switch endpoint {
        case ["jwks"]:
            return keys.jwks(for: provider).map { Self.json($0) }
        case ["authorize"]:
            return authorize(request, provider: provider)
        case ["token"]:
            return token(request, provider: provider, issuer: issuer)
        default:
            return Self.json(Self.discovery(issuer: issuer))
        }
    }

    /// The OpenID discovery document of the provider whose issuer is `issuer`.
    static func discovery(issuer: String) -> AnyCodableValue {
        [
            "issuer": .string(issuer), "authorization_endpoint": .string(issuer + "/authorize"),
            "token_endpoint": .string(issuer + "/token"), "jwks_uri": .string(issuer + "/jwks"),
            "response_types_supported": ["code"], "subject_types_supported": ["public"],
            "id_token_signing_alg_values_supported": ["ES256"], "code_challenge_methods_supported": ["S256"],
            "scopes_supported": ["openid", "email", "profile"],
        ]
    }

    /// `value` as a JSON response that no cache keeps.
    static func json(_ value: AnyCodableValue, status: Int = 200) -> HTTPServerResponse {
        var headers = HTTPHeaders()
        headers.set("Cache-Control", "no-store")
        return .json(status, value.jsonText, headers: headers)
    }

    /// An OAuth 2 error (RFC 6749 §5.2): `{"error","error_description"}`.
    static func error(_ status: Int, _ code: String, _ description: String) -> HTTPServerResponse {
        json(["error": .string(code), "error_description": .string(description)], status: status)
    }

    /// Why a query or form body was refused: broken percent-encoding, or a parameter given twice.
    enum FormProblem: Error {
        case malformed
        case repeated(String)

        var description: String {
            switch self {
            case .malformed: "The parameters are not valid percent-encoding"
            case .repeated(let name): "The parameter \(name.prefix(40)) is repeated"
            }
        }
    }

    /// The fields of a query or form body, each name at most once (RFC 6749 §3.1, §3.2).
    static func uniqueFields(_ text: String) throws(FormProblem) -> [String: String] {
        guard let pairs = BrowserPage.formFields(text) else { throw .malformed }
        var fields: [String: String] = [:]
        for pair in pairs {
            guard fields.updateValue(pair.value, forKey: pair.name) == nil else { throw .repeated(pair.name) }
        }
        return fields
    }
}
