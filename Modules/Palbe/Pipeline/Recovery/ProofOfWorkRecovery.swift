import ErrorCore

/// Answers a 403 `pow_required` once per call: solves its challenge and resends, for any verb, with
/// `X-PoW-Challenge-ID` and `X-PoW-Nonce` on the next attempt only.
///
/// A challenge that is malformed is not this rule's; one harder than
/// ``ProofOfWorkSolver/maximumDifficulty`` ends the call with the 403; a second challenge in the
/// same call is left to the rules after this one (none takes it, so it is thrown).
package struct ProofOfWorkRecovery: RecoveryRule {
    /// Set once a challenge was taken on: a call solves at most one.
    private var solved = false

    /// A rule that has solved nothing yet.
    package init() {}

    package mutating func decide(
        after outcome: AttemptOutcome, to attempt: Attempt, in context: RecoveryContext
    ) async -> RecoveryDecision {
        guard !solved, case .rejected(403, _, .server(let server)) = outcome, server.code == "pow_required",
            let challenge = ProofOfWorkChallenge(server.data)
        else { return .pass }
        solved = true
        context.note("solving a proof-of-work challenge of difficulty \(challenge.difficulty)")
        do {
            guard let solution = try await ProofOfWorkSolver.solve(challenge) else { return .fail(outcome.failure) }
            return .resend(adding: ["X-PoW-Challenge-ID": solution.challengeID, "X-PoW-Nonce": solution.nonce])
        } catch {
            return .fail(.cancelled(error, requestSent: true))
        }
    }
}
