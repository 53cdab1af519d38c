import Foundation

extension EmulatorServer {
    /// A ready `Palbase-Info.plist` (XML) pointing an app at this emulator: `base_url`, `api_key`,
    /// `environment` = `local` and `sealing_key` (the pinned sealing public key, base64url).
    ///
    /// `baseURL` defaults to the listening URL, else `http://<host>:<configured port>`.
    package func infoPlist(baseURL: URL? = nil) throws -> Data {
        let url = baseURL ?? self.baseURL ?? URL(string: "http://\(configuration.host):\(configuration.port)")
        let values: [String: String] = [
            "base_url": url?.absoluteString ?? "",
            "api_key": apiKey,
            "environment": "local",
            "sealing_key": sealingPublicKeyBase64URL,
        ]
        return try PropertyListSerialization.data(fromPropertyList: values, format: .xml, options: 0)
    }
}
