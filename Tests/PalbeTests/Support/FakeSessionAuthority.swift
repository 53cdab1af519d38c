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
    /// `METHOD url` for each proof made.
    var proofs: [String] { state.withLock { $0.proofs } }

    func accessToken() async -> String? {
        currentToken
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
