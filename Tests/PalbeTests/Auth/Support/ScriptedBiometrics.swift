import ErrorCore
import Foundation
import Palbe

/// Biometry the emulator cannot produce, scripted: an enrolment that can be changed, a prompt whose
/// answer is set in advance, and protected items that, like `.biometryCurrentSet` Keychain items, are
/// invalidated when the enrolment changes.
final class ScriptedBiometrics: BiometricKeychain, Sendable {
    /// How the next prompts are answered.
    enum Answer: Sendable {
        case match, cancel
    }

    private struct State {
        /// The enrolled biometry's identity; nil when nothing is enrolled.
        var enrolment: Int? = 1
        var answer = Answer.match
        /// Items by account, with the enrolment they were created under.
        var items: [String: (secret: Data, enrolment: Int)] = [:]
        var prompts: [String] = []
    }

    private let state = Locked(State())

    /// Enrols a new face or finger: items created before can no longer be read.
    func changeEnrolment() {
        state.withLock { $0.enrolment = ($0.enrolment ?? 0) + 1 }
    }

    /// Removes every enrolment: biometry is unavailable.
    func unenrol() {
        state.withLock { $0.enrolment = nil }
    }

    /// How the next prompts are answered.
    func answerPrompts(_ answer: Answer) {
        state.withLock { $0.answer = answer }
    }

    /// The reasons of every prompt shown so far.
    var prompts: [String] { state.withLock { $0.prompts } }

    /// Whether an item exists under `account` (whatever its enrolment).
    func hasItem(_ account: String) -> Bool { state.withLock { $0.items[account] != nil } }

    func isBiometryAvailable() -> Bool { state.withLock { $0.enrolment != nil } }

    func addProtectedItem(_ secret: Data, account: String) throws(LocalGateError) {
        try state.withLock { (state: inout State) throws(LocalGateError) in
            guard let enrolment = state.enrolment else { throw .biometryUnavailable }
            state.items[account] = (secret, enrolment)
        }
    }

    func readProtectedItem(account: String, reason: String) async throws(LocalGateError) -> Data? {
        try state.withLock { (state: inout State) throws(LocalGateError) -> Data? in
            guard let enrolment = state.enrolment else { throw .biometryUnavailable }
            state.prompts.append(reason)
            if state.answer == .cancel { throw .cancelled }
            guard let item = state.items[account] else { return nil }
            guard item.enrolment == enrolment else {
                // What `.biometryCurrentSet` does: the item is gone for good.
                state.items[account] = nil
                return nil
            }
            return item.secret
        }
    }

    func deleteProtectedItem(account: String) {
        state.withLock { $0.items[account] = nil }
    }
}
