import EmulatorCore
import ErrorCore
import Foundation
import HTTPServer

/// Palbase's part of the admin API under `/__emulator/`; errors use the Palbase envelope.
///
/// | method, path | answer |
/// | --- | --- |
/// | GET / POST / DELETE `pow` | `{"rules":[…]}` / 200 the rules after adding `{path_prefix,difficulty}` / 204 |
/// | DELETE `pow?path_prefix=` | 204 |
/// | GET / POST / DELETE `attest` | `{"rules":[…]}` / 200 the rules after adding `{path_prefix}` / 204 |
/// | DELETE `attest?path_prefix=` | 204 |
/// | `auth/…` | auth settings, clock offset, users, sessions, MFA flags, simulated providers' ID tokens: see `AuthAdminRoutes` |
struct PalbaseAdminRoutes {
    let platform: PalbasePlatform
    let server: EmulatorServer

    /// Answers `path` (the segments after `__emulator`), or nil when it is not one of Palbase's admin routes.
    func respond(to request: HTTPServerRequest, path: [String]) throws -> HTTPServerResponse? {
        // Read only by the two DELETEs: every admin request meets these routes first.
        func pathPrefix() throws -> String? {
            try PalbaseRequestParser.query(request.query).first { $0.name == "path_prefix" }?.value
        }
        switch (request.method, path) {
        case ("GET", ["pow"]):
            return try AdminAPI.json(PowRules(rules: platform.proofOfWork.rules.current))
        case ("POST", ["pow"]):
            let input = try AdminAPI.decode(PowRuleInput.self, from: request.body)
            do {
                platform.proofOfWork.rules.set(
                    try ProofOfWorkRule(pathPrefix: input.pathPrefix, difficulty: input.difficulty))
            } catch {
                throw PalbaseHTTPError(status: 400, code: "invalid_pow_rule", description: error.reason)
            }
            return try AdminAPI.json(PowRules(rules: platform.proofOfWork.rules.current))
        case ("DELETE", ["pow"]):
            platform.proofOfWork.rules.remove(prefix: try pathPrefix())
            return AdminAPI.noContent
        case ("GET", ["attest"]):
            return try AdminAPI.json(AttestRules(rules: platform.appAttest.rules.current))
        case ("POST", ["attest"]):
            let input = try AdminAPI.decode(AttestRuleInput.self, from: request.body)
            do {
                platform.appAttest.rules.set(try AppAttestRule(pathPrefix: input.pathPrefix))
            } catch {
                throw PalbaseHTTPError(status: 400, code: "invalid_attest_rule", description: error.reason)
            }
            return try AdminAPI.json(AttestRules(rules: platform.appAttest.rules.current))
        case ("DELETE", ["attest"]):
            platform.appAttest.rules.remove(prefix: try pathPrefix())
            return AdminAPI.noContent
        case (_, ["pow"]), (_, ["attest"]):
            throw PalbaseHTTPError.methodNotAllowed(request.method, allowed: ["GET", "POST", "DELETE"])
        case (_, let path) where path.first == "auth":
            return try AuthAdminRoutes(server: server).respond(to: request, path: Array(path.dropFirst()))
        default:
            return nil
        }
    }

    private struct PowRules: Encodable { let rules: [ProofOfWorkRule] }
    private struct PowRuleInput: Decodable {
        let pathPrefix: String
        let difficulty: Int
    }
    private struct AttestRules: Encodable { let rules: [AppAttestRule] }
    private struct AttestRuleInput: Decodable {
        let pathPrefix: String
    }
}
