import EmulatorCore
import ErrorCore
import Foundation
import HTTPServer

/// What a configuration mounts at `/` for Palbase: the route handlers (the sample backend, the auth service),
/// the paths that demand proof of work or App Attest from the start, and the body limit. Each server attaches
/// it as a ``PalbasePlatform`` of its own.
///
/// ```swift
/// var configuration = EmulatorConfiguration.testing()
/// configuration.palbaseHandlers = [SampleBackend()]
/// configuration.proofOfWork = [try ProofOfWorkRule(pathPrefix: "/auth/signup", difficulty: 8)]
/// ```
package struct PalbaseService: EmulatorMountable {
    /// The Palbase backend, tried in order.
    package var handlers: [any PalbaseRouteHandler] = []
    /// Paths that demand proof of work from the start (the admin API can change them at run time).
    package var proofOfWork: [ProofOfWorkRule] = []
    /// Paths that demand an App Attest assertion from the start (the admin API can change them at run time).
    package var appAttest: [AppAttestRule] = []
    /// The largest Palbase request body accepted; larger ones get 413 `payload_too_large`.
    package var maxBodyBytes = 1 << 20

    /// Nothing mounted yet: every request needs the API key, and no route matches.
    package init() {}

    package var errorShape: EmulatorErrorShape { .palbase }

    package var migrations: [Migration] { handlers.flatMap(\.migrations) }

    package func attached(to platform: EmulatorPlatform) throws -> any EmulatorService {
        PalbasePlatform(
            handlers: handlers, store: platform.store, identity: platform.identity,
            proofOfWork: ProofOfWorkGate(rules: proofOfWork, store: platform.store),
            appAttest: AppAttestGate(rules: appAttest, store: platform.store), maxBodyBytes: maxBodyBytes)
    }
}

extension EmulatorConfiguration {
    /// In memory on an ephemeral port, with Palbase at `/` answering through `palbaseHandlers`.
    package static func testing(palbaseHandlers: [any PalbaseRouteHandler]) -> EmulatorConfiguration {
        var configuration = EmulatorConfiguration.testing()
        configuration.palbaseHandlers = palbaseHandlers
        return configuration
    }

    /// What is mounted at `/` for Palbase; setting it mounts Palbase there.
    package var palbase: PalbaseService {
        get { mounts.first { $0.prefix == "/" }?.service as? PalbaseService ?? PalbaseService() }
        set { mount(newValue, at: "/") }
    }

    /// The Palbase backend at `/`, tried in order (the sample backend, the auth service).
    package var palbaseHandlers: [any PalbaseRouteHandler] {
        get { palbase.handlers }
        set { palbase.handlers = newValue }
    }

    /// Paths that demand proof of work from the start (the admin API can change them at run time).
    package var proofOfWork: [ProofOfWorkRule] {
        get { palbase.proofOfWork }
        set { palbase.proofOfWork = newValue }
    }

    /// Paths that demand an App Attest assertion from the start (the admin API can change them at run time).
    package var appAttest: [AppAttestRule] {
        get { palbase.appAttest }
        set { palbase.appAttest = newValue }
    }

    /// The largest Palbase request body accepted; larger ones get 413 `payload_too_large`.
    package var maxPalbaseBodyBytes: Int {
        get { palbase.maxBodyBytes }
        set { palbase.maxBodyBytes = newValue }
    }
}

extension EmulatorServer {
    /// Palbase as it runs on this server, or nil when nothing is mounted at `/`.
    var palbase: PalbasePlatform? { service(at: "/") as? PalbasePlatform }

    /// The proof-of-work rules in force.
    package var proofOfWorkRules: [ProofOfWorkRule] { palbase?.proofOfWork.rules.current ?? [] }

    /// Demands proof of work under `rule.pathPrefix` (replacing a rule with the same prefix).
    package func setProofOfWork(_ rule: ProofOfWorkRule) {
        palbase?.proofOfWork.rules.set(rule)
    }

    /// Stops demanding proof of work under `pathPrefix`, or anywhere when nil.
    package func removeProofOfWork(pathPrefix: String? = nil) {
        palbase?.proofOfWork.rules.remove(prefix: pathPrefix)
    }

    /// The App Attest rules in force.
    package var appAttestRules: [AppAttestRule] { palbase?.appAttest.rules.current ?? [] }

    /// Demands an App Attest assertion under `rule.pathPrefix` (replacing a rule with the same prefix).
    package func setAppAttest(_ rule: AppAttestRule) {
        palbase?.appAttest.rules.set(rule)
    }

    /// Stops demanding App Attest under `pathPrefix`, or anywhere when nil.
    package func removeAppAttest(pathPrefix: String? = nil) {
        palbase?.appAttest.rules.remove(prefix: pathPrefix)
    }
}
