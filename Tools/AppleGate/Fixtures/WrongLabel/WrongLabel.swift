// A fixture the Apple-API gate must refuse: an Apple branch calling
// `ASWebAuthenticationSession(url:callbackURLScheme:completionHandler:)` with a wrong label. The Linux
// build never compiles this branch; the gate's stubs do, and `Tools/scripts/apple-gate --prove`
// checks that the build fails on it, naming this file and the label.
#if canImport(AuthenticationServices)
    import AuthenticationServices
    import Foundation

    @MainActor
    func fixtureSession(page: URL) -> ASWebAuthenticationSession {
        ASWebAuthenticationSession(url: page, callbackScheme: "myapp") { _, _ in }
    }
#endif
