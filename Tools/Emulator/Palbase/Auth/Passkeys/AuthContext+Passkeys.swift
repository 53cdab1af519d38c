import EmulatorCore
import ErrorCore
import Foundation

extension AuthContext {
    /// The tenant's passkey challenges and credentials.
    var passkeys: PasskeyStore { PasskeyStore(tenant: request.tenant, store: store) }

    /// The relying party id: the `Host` the request addressed, lowercased, without its port (IPv6 brackets
    /// kept off too).
    var passkeyRelyingParty: String {
        let host = (request.headers["Host"] ?? "127.0.0.1").lowercased()
        if host.hasPrefix("["), let close = host.firstIndex(of: "]") {
            return String(host[host.index(after: host.startIndex)..<close])
        }
        return String(host.split(separator: ":", maxSplits: 1).first ?? "127.0.0.1")
    }
}
