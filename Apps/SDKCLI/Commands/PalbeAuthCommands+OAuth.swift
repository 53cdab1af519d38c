import ErrorCore
import Foundation
import Palbe
import SDKTransport

extension Command {
    /// `sdk palbe auth oauth <provider> [--auto] [--email E] [--timeout S]`.
    static let authOAuth = Command(
        name: "oauth",
        summary: "Sign in with an OAuth provider, natively or through a loopback redirect, as the plist says.",
        discussion: """
            A provider the --plist configures native (its oauth snapshot) signs in natively: the provider's own \
            authorization page, PKCE, its ID token presented to the backend. The page redirects to the native \
            redirect URI, which only the app can receive: the URL to open is printed on stderr, and the URL the \
            browser was sent to is read from the first line of stdin. Every other provider uses the browser \
            transaction: the command listens on 127.0.0.1 on a free port (RFC 8252), begins a PKCE transaction \
            with http://127.0.0.1:<port>/callback as the redirect, prints the provider URL on stderr and waits \
            for the browser to come back. Either way --auto answers the emulator's simulated provider page \
            itself (Approve, as --email), so no browser is needed. An account with a second factor exits 1 \
            with mfa_required and no session; the challenge token is not printed.
            """,
        parameters: PalbeOAuthParameters(),
        run: { values, context in
            let client = try await PalbeAuthCLI.client(values: values.target, context: context)
            let provider = values.provider
            let result = try await client.auth.signIn(
                with: provider,
                presenter: PalbeOAuthCLI.presenter(for: provider, of: client, values: values, context: context))
            try PalbeOAuthCLI.emit(result, context: context)
        }
    )

    /// `sdk palbe auth link <provider> [--auto] [--email E] [--timeout S]`.
    static let authLink = Command(
        name: "link",
        summary: "Link an OAuth provider to the signed-in account (needs a recent sign-in).",
        discussion: """
            The same loopback flow as 'oauth', with link: the provider account is linked to the signed-in \
            account and the session does not change. A sign-in older than 5 minutes exits 1 with \
            reauthentication_required: sign in again, then link.
            """,
        parameters: PalbeOAuthParameters(),
        run: { values, context in
            let client = try await PalbeAuthCLI.client(values: values.target, context: context)
            guard await client.auth.isSignedIn else { throw PalbeAuthCLI.notSignedIn }
            let provider = values.provider
            let result = try await client.auth.linkIdentity(
                provider,
                presenter: PalbeOAuthCLI.presenter(for: provider, of: client, values: values, context: context))
            try PalbeOAuthCLI.emit(result, context: context)
        }
    )
}

/// The provider and options of `sdk palbe auth oauth` and `link`.
struct PalbeOAuthParameters: CommandParameters {
    let provider = Argument<OAuthProvider>.required("provider", help: "google, apple, microsoft or github.")
    let auto = Option.flag("auto", help: "Approve on the emulator's provider page without a browser (emulator only).")
    let email = Option<String?>.value(
        "email", type: .nonEmpty, valueName: "address",
        help: "With --auto: the provider account's email (default <provider>-user@example.com).")
    let timeout = Option<Int?>.value(
        "timeout", type: .integer(in: 1...3600), valueName: "seconds",
        help: "How long to wait for the browser's redirect (default 300).")
    let target = PalbeTargetOptions()
}

/// The providers `<provider>` names, spelled as their raw values.
extension OAuthProvider: CommandLineValue {}

/// The loopback presenter the OAuth commands use, and how they print a result.
enum PalbeOAuthCLI {
    /// The presenter for `provider`: ``NativeRedirectPresenter`` when the client's plist configures it
    /// native, else the loopback one.
    static func presenter(
        for provider: OAuthProvider, of client: PalbeClient, values: Parsed<PalbeOAuthParameters>,
        context: OutputContext
    ) -> any OAuthPresenter {
        guard client.configuration.nativeOAuth[provider] != nil else {
            return presenter(values: values, context: context)
        }
        return NativeRedirectPresenter(auto: values.auto, email: values.email, context: context)
    }

    /// A ``LoopbackOAuthPresenter`` that prints the provider URL, and with `--auto` answers the emulator's
    /// provider page the way a browser would: approve, then follow the redirect to the listener.
    static func presenter(values: Parsed<PalbeOAuthParameters>, context: OutputContext) -> LoopbackOAuthPresenter {
        let auto = values.auto
        let email = values.email
        return LoopbackOAuthPresenter(timeout: .seconds(values.timeout ?? 300)) { page in
            context.log("Open this URL to continue: \(page.absoluteString)")
            guard auto else { return }
            try await approve(page, email: email)
        }
    }

    /// Approves on the emulator's provider page and delivers the redirect to the loopback listener.
    static func approve(_ page: URL, email: String?) async throws {
        let location = try await approval(of: page, email: email)
        _ = try await DefaultTransport.make().send(HTTPRequest(method: "GET", url: location, timeout: .seconds(30)))
    }

    /// Approves on the emulator's provider page and answers where it redirected, not following it.
    static func approval(of page: URL, email: String?) async throws -> URL {
        guard var components = URLComponents(url: page, resolvingAgainstBaseURL: false) else {
            throw CommandFailure(code: "oauth_auto_failed", message: "The provider URL is not a URL")
        }
        components.queryItems =
            (components.queryItems ?? []) + [URLQueryItem(name: "decision", value: "approve")]
            + (email.map { [URLQueryItem(name: "email", value: $0)] } ?? [])
        // The page reads its query form-encoded, where a literal `+` (in `a+b@example.com`) is a space.
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        guard let approve = components.url else {
            throw CommandFailure(code: "oauth_auto_failed", message: "The provider URL is not a URL")
        }
        let transport = DefaultTransport.make()
        let answer = try await transport.send(HTTPRequest(method: "GET", url: approve, timeout: .seconds(30)))
        guard answer.status == 302, let location = answer.headers["Location"].flatMap(URL.init(string:)) else {
            throw CommandFailure(
                code: "oauth_auto_failed",
                message:
                    "The provider page answered \(answer.status), not a redirect: --auto works with the emulator only")
        }
        return location
    }

    /// `{"user":…}` for a sign-in, `{"linked":{"identity","userId"}}` for a link; an MFA challenge fails.
    static func emit(_ result: OAuthResult, context: OutputContext) throws {
        switch result {
        case .signedIn(let success):
            try PalbeAuthCLI.emitSignedIn(success.user, verb: "signed in as", context: context)
        case .mfaRequired(_, let factors):
            // The challenge token is a credential: it is not printed.
            throw CommandFailure(
                code: "mfa_required",
                message: "The account has a second factor (\(factors.joined(separator: ", "))); no session was created")
        case .linked(let identity, let userID):
            try context.emit(
                AnyCodableValue.object([
                    "linked": .object(["identity": .string(identity), "userId": .string(userID)])
                ]), text: ["linked \(identity) to user \(userID)"])
        }
    }
}

/// The presenter of a native provider in a terminal: the page redirects to the app's native redirect URI
/// (`com.googleusercontent.apps.…:/oauth2redirect`), which no listener here can receive. The URL to open is
/// printed, and the URL the browser was sent to is read from the first line of stdin; with `--auto` the
/// emulator's page is approved and its redirect taken directly.
struct NativeRedirectPresenter: OAuthPresenter {
    let auto: Bool
    let email: String?
    let context: OutputContext

    func present(
        registeredRedirectURI: URL?, authorize: @escaping @Sendable (URL) async throws -> URL
    ) async throws -> URL {
        guard let redirect = registeredRedirectURI else {
            throw OAuthPresenterError.unusableRedirectURI(reason: "the plist names no native redirect URI")
        }
        let page = try await authorize(redirect)
        context.log("Open this URL to continue: \(page.absoluteString)")
        if auto { return try await PalbeOAuthCLI.approval(of: page, email: email) }
        context.log("Then paste the URL your browser was sent to (it starts with \(redirect.absoluteString)):")
        guard let line = SecretInput.standardInputLines().first?.trimmingCharacters(in: .whitespaces),
            let callback = URL(string: line), !line.isEmpty
        else { throw OAuthPresenterError.cancelled }
        return callback
    }
}
