import EmulatorCore
import Foundation

extension EmulatorServer {
    /// A ready `Palbase-Info.plist` (XML) pointing an app at this emulator: `base_url`, `api_key`,
    /// `environment` = `local`, `sealing_key` (the pinned sealing public key, base64url) and `oauth`, the
    /// native sign-in snapshot (``oauthSnapshot(baseURL:)``).
    ///
    /// `baseURL` defaults to the listening URL, else `http://<host>:<configured port>`.
    package func infoPlist(baseURL: URL? = nil) throws -> Data {
        let url = baseURL ?? self.baseURL ?? URL(string: "http://\(configuration.host):\(configuration.port)")
        let base = url?.absoluteString ?? ""
        let values: [String: Any] = [
            "base_url": base,
            "api_key": apiKey,
            "environment": "local",
            "sealing_key": sealingPublicKeyBase64URL,
            "oauth": Self.oauthSnapshot(baseURL: base),
        ]
        return try PropertyListSerialization.data(fromPropertyList: values, format: .xml, options: 0)
    }

    /// The plist's `oauth` dictionary for the emulator at `baseURL`: Google, Apple and Microsoft
    /// `{mode:"native", issuer:"<baseURL>/__providers/<provider>", client_id, redirect_uri}` (no
    /// `redirect_uri` for Apple), GitHub `{mode:"browser"}`; the clients are `NativeOAuthClients`.
    package static func oauthSnapshot(baseURL: String) -> [String: [String: String]] {
        var snapshot: [String: [String: String]] = [:]
        for provider in OAuthProvider.allCases.map(\.rawValue) {
            guard let clientID = NativeOAuthClients.clientID(for: provider),
                let issuer = NativeOAuthClients.issuer(for: provider, baseURL: baseURL)
            else {
                snapshot[provider] = ["mode": "browser"]
                continue
            }
            var entry = ["mode": "native", "issuer": issuer, "client_id": clientID]
            entry["redirect_uri"] = NativeOAuthClients.redirectURI(for: provider)
            snapshot[provider] = entry
        }
        return snapshot
    }
}
