import EmulatorCore
import ErrorCore
import Foundation
import HTTPServer

/// The OAuth part of the auth service: `/auth/oauth/authorize`, `/auth/oauth/credential`, the simulated
/// providers' page and the simulated native providers. Routed here, before part 1's `AuthRoute` table, so the
/// two rails stay apart.
extension AuthService {
    /// The OAuth endpoints below `/auth/`, with their one method.
    private static let oauthRoutes: [String: String] = ["oauth/authorize": "POST", "oauth/credential": "POST"]

    /// Answers an OAuth endpoint, or nil when the path is not one; 405 for one with another method.
    func handleOAuth(_ request: PalbaseRequest, store: SQLiteDatabase) throws -> PalbaseResponse? {
        let path = request.segments.dropFirst().joined(separator: "/")
        guard request.segments.first == "auth", let method = Self.oauthRoutes[path] else { return nil }
        guard request.method == method else {
            throw PalbaseHTTPError.methodNotAllowed(request.method, allowed: [method])
        }
        let context = AuthContext(
            request: request, store: store, policy: policy, now: now, realNow: clock.realSeconds,
            settings: try AuthSettings.load(tenant: request.tenant, store: store))
        let controller = AuthController(context: context, decoy: { throw AuthErrors.invalidCredentials() })
        return path == "oauth/authorize"
            ? try controller.authorizeOAuth() : try controller.exchangeOAuthCode(providerKeys: providerKeys)
    }

    /// What a browser or a provider client reaches without an `apikey`: the browser transaction's provider page
    /// (`OAuthProviderPage`) and the simulated native providers below `/__providers` (`SimulatedProvider`).
    package func publicPage(_ request: HTTPServerRequest, tenant: String, store: SQLiteDatabase) -> HTTPServerResponse?
    {
        OAuthProviderPage(tenant: tenant, store: store, now: now).respond(to: request)
            ?? SimulatedProvider(tenant: tenant, store: store, keys: providerKeys, now: now).respond(to: request)
    }

    /// The providers linked to `userID` (`google`, `apple`, …), for `/auth/me`.
    static func linkedProviders(userID: String, tenant: String, store: SQLiteDatabase) throws -> [String] {
        try OAuthStore(tenant: tenant, store: store).providers(userID: userID)
    }
}
