import ErrorCore
import Foundation
import Palbe

/// A session layer stand-in: hands out `token-<n>`, makes DPoP proofs that name the request, and
/// refreshes (to the next token) when told to.
final class FakeSessionAuthority: PalbeSessionAuthority {
    private let state: Locked<State>

    private struct State {
        var generation = 1
        var refreshes: [String] = []
        var ended: [String] = []
        var proofs: [String] = []
        var refreshSucceeds: Bool
    }

    init(refreshSucceeds: Bool = true) {
        state = Locked(State(refreshSucceeds: refreshSucceeds))
    }

    /// The token requests carry now.
    var currentToken: String { state.withLock { "token-\($0.generation)" } }
    /// The rejected tokens each refresh was asked about.
    var refreshes: [String] { state.withLock { $0.refreshes } }
    /// The rejected tokens each end of session was reported with.
    var ended: [String] { state.withLock { $0.ended } }
    /// `METHOD url` for each proof made.
    var proofs: [String] { state.withLock { $0.proofs } }

    func accessToken() async throws(SessionStateUnknown) -> String? {
        currentToken
    }

    /// Its tokens never expire: the token asked about is sent.
    func accessToken(toSendInsteadOf token: String) async -> String? {
        token
    }

    func sessionEnded(rejectedToken: String) async {
        state.withLock { $0.ended.append(rejectedToken) }
    }

    func dpopProof(method: String, url: URL) async -> String? {
        state.withLock { state in
            state.proofs.append("\(method) \(url.absoluteString)")
            return "proof-\(state.proofs.count)"
        }
    }

    func refreshAfterUnauthorized(rejectedToken: String) async -> Bool {
        state.withLock { state in
            state.refreshes.append(rejectedToken)
            guard state.refreshSucceeds else { return false }
            state.generation += 1
            return true
        }
    }
}
