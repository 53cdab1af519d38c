import ErrorCore
import Foundation
import Palbe

extension PalbeAuthDemo {
    /// 7. A Google OAuth round trip: a loopback listener, a PKCE transaction, the emulator's provider page
    /// approved the way a browser would, the code exchanged once; the proof is gone from the store after.
    func oauthRoundTrip() async throws -> [String] {
        let marker = try await lastLoggedRequestID()
        let pb = client(store: "oauth")
        let presented = Locked<URL?>(nil)
        let presenter = LoopbackOAuthPresenter(timeout: .seconds(30)) { page in
            presented.withLock { $0 = page }
            try await PalbeOAuthCLI.approve(page, email: "demo-google@example.com")
        }
        guard case .signedIn(let success) = try await pb.auth.signIn(with: .google, presenter: presenter) else {
            throw failure("the Google round trip did not sign in")
        }
        let logged = try await loggedRequests(after: marker)
        let authorize = logged.filter { $0.path == "/auth/oauth/authorize" }
        let pages = logged.filter { $0.path == "/auth/oauth/provider/google" }
        let credential = logged.filter { $0.path == "/auth/oauth/credential" }
        let pending = try await pb.auth.oauthStore.all()
        guard authorize.map(\.status) == [200], pages.map(\.status) == [302], credential.map(\.status) == [200],
            pending.isEmpty, await pb.auth.currentUser?.id == success.user.id
        else {
            throw failure(
                "the Google round trip logged authorize \(authorize.map(\.status)), provider page "
                    + "\(pages.map(\.status)), credential \(credential.map(\.status)); \(pending.count) left in the store"
            )
        }
        let host = presented.withLock { $0 }?.host ?? "?"
        return [
            "7. a Google OAuth round trip: POST /auth/oauth/authorize 200 (S256 challenge, state), the provider page on "
                + "\(host) approved and redirected (302) to the loopback listener on 127.0.0.1, POST "
                + "/auth/oauth/credential 200 with the verifier: signed in as \(success.user.email ?? "?") "
                + "(user \(success.user.id)); no OAuth transaction left in the store"
        ]
    }
}
