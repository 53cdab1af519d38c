import ErrorCore
import Foundation
import PurseCheckout

/// A partner SDK's own error, as a scripted presenter throws it.
struct PartnerSDKError: Error, Equatable {
    let reason: String
}

/// A redirection presenter scripted by a closure: what the partner's page does, without a browser.
struct ScriptedRedirectionPresenter: RedirectionPresenter {
    let presented = Locked<[URL]>([])
    let script: @Sendable (URL, URL) async throws -> URL?

    init(_ script: @escaping @Sendable (_ page: URL, _ returnURL: URL) async throws -> URL?) {
        self.script = script
    }

    func present(_ url: URL, returnURL: URL) async throws -> URL? {
        presented.withLock { $0.append(url) }
        return try await script(url, returnURL)
    }
}

/// The registry a test's checkout uses, with `modules` installed.
func registry(_ modules: any PartnerModule...) -> PluginRegistry {
    let registry = PluginRegistry()
    for module in modules { registry.install(module) }
    return registry
}

/// The first outcome of submitting `element`.
func firstOutcome(of element: any PaymentElement) async throws -> PaymentOutcome {
    let outcomes = element.outcomes
    element.submit()
    var iterator = outcomes.makeAsyncIterator()
    guard let outcome = await iterator.next() else { throw PartnerSDKError(reason: "the outcomes ended") }
    return outcome
}
