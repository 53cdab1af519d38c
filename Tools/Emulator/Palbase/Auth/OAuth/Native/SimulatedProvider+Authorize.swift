import EmulatorCore
import ErrorCore
import Foundation
import HTTPServer
import SDKCrypto

extension SimulatedProvider {
    /// GET `<B>/authorize`: checks the request as the provider would (its client, redirect URI, `code` with
    /// S256 PKCE, an `openid` scope, a state and a nonce of at most 512 bytes), then answers the consent form,
    /// or the decision's redirect. A request failing a check gets a 400 page and never a redirect: its
    /// `redirect_uri` is not one the client registered.
    func authorize(_ request: HTTPServerRequest, provider: OAuthProvider) -> HTTPServerResponse {
        let fields: [String: String]
        do {
            fields = try Self.uniqueFields(request.query ?? "")
        } catch {
            return BrowserPage.html(400, "Bad request", error.description)
        }
        if let refusal = Self.refusal(of: fields, provider: provider) {
            return BrowserPage.html(400, "Bad request", refusal)
        }
        let redirectURI = fields["redirect_uri"] ?? ""
        let state = fields["state"] ?? ""
        switch fields["decision"] {
        case nil:
            return Self.form(provider, fields: fields)
        case "deny":
            return BrowserPage.redirect(redirectURI, ["error": "access_denied", "state": state])
        case "approve":
            guard let email = try? AuthContext.email(fields["email"] ?? "\(provider.rawValue)-user@example.com") else {
                return BrowserPage.html(400, "Bad request", "The email address is not valid.")
            }
            let code = AuthSecrets.token("pvc_")
            let issued = ProviderCode(
                provider: provider, clientID: fields["client_id"] ?? "", redirectURI: redirectURI,
                codeChallenge: fields["code_challenge"] ?? "", nonce: fields["nonce"] ?? "",
                subject: OAuthProviderPage.subject(fields["subject"], email: email, provider: provider), email: email,
                givenName: Self.name(fields["given_name"], default: "Emulator"),
                familyName: Self.name(fields["family_name"], default: "User"), createdAt: now,
                expiresAt: now + Int64(Self.codeLifetime) * 1000)
            guard (try? ProviderCodeStore(tenant: tenant, store: store).insert(issued, code: code)) != nil else {
                return BrowserPage.html(500, "Error", "Try again.")
            }
            return BrowserPage.redirect(redirectURI, ["code": code, "state": state])
        default:
            return BrowserPage.html(400, "Bad request", "decision must be approve or deny.")
        }
    }

    /// What is wrong with an authorize request, or nil when it passes every check.
    static func refusal(of fields: [String: String], provider: OAuthProvider) -> String? {
        guard let clientID = NativeOAuthClients.clientID(for: provider), fields["client_id"] == clientID else {
            return "client_id is not a client registered with \(provider.displayName)."
        }
        let redirectURI = fields["redirect_uri"] ?? ""
        if let registered = NativeOAuthClients.redirectURI(for: provider) {
            guard redirectURI == registered else { return "redirect_uri is not the one registered for the client." }
        } else {
            guard AppRedirect.isAppOwned(redirectURI) else {
                return "redirect_uri must be an absolute URI without a fragment, on a scheme an app can own."
            }
        }
        guard fields["response_type"] == "code" else { return "response_type must be code." }
        guard (fields["scope"] ?? "").split(separator: " ").contains("openid") else {
            return "scope must include openid."
        }
        guard let challenge = fields["code_challenge"], challenge.utf8.count == 43,
            Base64URL.decode(challenge)?.count == 32
        else { return "code_challenge must be the base64url SHA-256 of the verifier." }
        guard fields["code_challenge_method"] == "S256" else { return "code_challenge_method must be S256." }
        for name in ["state", "nonce"] {
            guard let value = fields[name], !value.isEmpty, value.utf8.count <= 512 else {
                return "\(name) is required, at most 512 bytes."
            }
        }
        return nil
    }

    /// A profile name from the page, cut to 255 characters; `fallback` when it got none.
    private static func name(_ value: String?, default fallback: String) -> String {
        guard let value, !value.isEmpty else { return fallback }
        return String(value.prefix(255))
    }

    /// The consent form: a GET back to the authorize endpoint with the request's parameters and the decision.
    private static func form(_ provider: OAuthProvider, fields: [String: String]) -> HTTPServerResponse {
        let carried = fields.filter { !["decision", "email", "given_name", "family_name"].contains($0.key) }
            .sorted { $0.key < $1.key }
            .map {
                #"<input type="hidden" name="\#(BrowserPage.escape($0.key))" value="\#(BrowserPage.escape($0.value))">"#
            }
            .joined(separator: "\n")
        return BrowserPage.html(
            200, "Sign in with \(provider.displayName)",
            """
            <form method="get" action="\(NativeOAuthClients.pathPrefix)/\(provider.rawValue)/authorize">
            \(carried)
            <label>Email <input type="email" name="email" value="\(provider.rawValue)-user@example.com"></label>
            <label>Given name <input name="given_name" value="Emulator"></label>
            <label>Family name <input name="family_name" value="User"></label>
            <button name="decision" value="approve">Approve</button>
            <button name="decision" value="deny">Deny</button>
            </form>
            """, escaped: false)
    }
}
