import EmulatorCore
import ErrorCore
import Foundation
import HTTPServer

/// The simulated provider's authorize page, `GET /auth/oauth/provider/{provider}?transaction_id=…`: what
/// `authorize_url` points at. Served without an `apikey` (a browser opens it), never sealed.
///
/// Without `decision` it answers a small HTML form (an email field, Approve and Deny). With
/// `decision=approve` it issues a single-use code for the provider account `email` (default
/// `<provider>-user@example.com`; `subject` overrides the stable id derived from it) and redirects (302) to
/// the transaction's `redirect_uri` with `code` and `state`; with `decision=deny` it redirects with
/// `error=access_denied` and `state`. A transaction gets one decision; the page refuses it afterwards.
struct OAuthProviderPage {
    let tenant: String
    let store: SQLiteDatabase
    /// The service's time, in milliseconds.
    let now: Int64

    /// `/auth/oauth/provider/<provider>`.
    static func path(for provider: OAuthProvider) -> String {
        "/auth/oauth/provider/\(provider.rawValue)"
    }

    /// The page's answer, or nil when `request` is not for the page.
    func respond(to request: HTTPServerRequest) -> HTTPServerResponse? {
        guard let segments = try? PalbaseRequestParser.segments(of: request.path), segments.count == 4,
            Array(segments.prefix(3)) == ["auth", "oauth", "provider"]
        else { return nil }
        guard request.method == "GET" else { return BrowserPage.html(405, "Method not allowed", "Use GET.") }
        guard let provider = OAuthProvider(rawValue: segments[3]) else {
            return BrowserPage.html(
                404, "Unknown provider", "This emulator simulates Google, Apple, Microsoft and GitHub.")
        }
        guard let query = try? PalbaseRequestParser.query(request.query) else {
            return BrowserPage.html(400, "Bad request", "The query string is not valid.")
        }
        func value(_ name: String) -> String? { query.first { $0.name == name }?.value }
        let oauth = OAuthStore(tenant: tenant, store: store)
        guard let id = value("transaction_id"), var transaction = try? oauth.transaction(id: id),
            transaction.provider == provider, transaction.mode == .browser, transaction.expiresAt > now,
            transaction.status == .pending
        else {
            return BrowserPage.html(400, "Link expired", "This sign-in link is invalid, expired or was already used.")
        }
        switch value("decision") {
        case nil:
            return Self.form(provider, transactionID: transaction.id)
        case "deny":
            transaction.status = .denied
            guard (try? oauth.update(transaction)) != nil else { return BrowserPage.html(500, "Error", "Try again.") }
            return BrowserPage.redirect(
                transaction.redirectURI, ["error": "access_denied", "state": transaction.state])
        case "approve":
            guard let email = try? AuthContext.email(value("email") ?? "\(provider.rawValue)-user@example.com") else {
                return BrowserPage.html(400, "Bad request", "The email address is not valid.")
            }
            let code = AuthSecrets.token("oac_")
            transaction.status = .approved
            transaction.codeHash = AuthSecrets.hash(code, context: "oauth")
            transaction.email = email
            transaction.subject = Self.subject(value("subject"), email: email, provider: provider)
            guard (try? oauth.update(transaction)) != nil else { return BrowserPage.html(500, "Error", "Try again.") }
            return BrowserPage.redirect(transaction.redirectURI, ["code": code, "state": transaction.state])
        default:
            return BrowserPage.html(400, "Bad request", "decision must be approve or deny.")
        }
    }

    /// The consent form: a GET back to this page with the decision.
    private static func form(_ provider: OAuthProvider, transactionID: String) -> HTTPServerResponse {
        BrowserPage.html(
            200, "Sign in with \(provider.displayName)",
            """
            <form method="get" action="\(path(for: provider))">
            <input type="hidden" name="transaction_id" value="\(BrowserPage.escape(transactionID))">
            <label>Email <input type="email" name="email" value="\(provider.rawValue)-user@example.com"></label>
            <button name="decision" value="approve">Approve</button>
            <button name="decision" value="deny">Deny</button>
            </form>
            """, escaped: false)
    }

    /// The provider account's subject: `requested` (cut to 255 characters) when the page got a non-empty one,
    /// else a stable id derived from the email (`sim_…`), so one address is one provider account.
    static func subject(_ requested: String?, email: String, provider: OAuthProvider) -> String {
        requested.flatMap { $0.isEmpty ? nil : String($0.prefix(255)) }
            ?? "sim_" + AuthSecrets.hash(email, context: provider.rawValue).prefix(24)
    }
}
