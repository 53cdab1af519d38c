import EmulatorCore
import ErrorCore

/// A rule that applies to every request whose raw path starts with its prefix.
protocol PathPrefixRule: Sendable {
    /// A raw path prefix, e.g. `/todos`.
    var pathPrefix: String { get }
}

/// The rules of one kind in force, one per prefix: the configured ones plus admin changes, held in memory
/// (`restoreConfigured()` is what `reset` does). Proof of work and App Attest each keep theirs here.
final class PathPrefixRules<Rule: PathPrefixRule>: Sendable {
    private let configured: [Rule]
    private let rules: Locked<[Rule]>

    init(_ configured: [Rule]) {
        self.configured = configured
        rules = Locked(configured)
    }

    /// The rules in force, sorted by prefix.
    var current: [Rule] {
        rules.withLock { $0 }.sorted { $0.pathPrefix < $1.pathPrefix }
    }

    /// Adds `rule`, replacing any rule with the same prefix.
    func set(_ rule: Rule) {
        rules.withLock { rules in
            rules.removeAll { $0.pathPrefix == rule.pathPrefix }
            rules.append(rule)
        }
    }

    /// Removes the rule for `prefix`, or every rule when `prefix` is nil.
    func remove(prefix: String?) {
        rules.withLock { rules in rules.removeAll { prefix == nil || $0.pathPrefix == prefix } }
    }

    /// Back to the rules the emulator was configured with.
    func restoreConfigured() {
        rules.withLock { $0 = configured }
    }

    /// The most specific rule covering `path` (the longest prefix), if any.
    func rule(for path: String) -> Rule? {
        rules.withLock { rules in
            rules.filter { path.hasPrefix($0.pathPrefix) }.max { $0.pathPrefix.count < $1.pathPrefix.count }
        }
    }
}

extension ProofOfWorkRule: PathPrefixRule {}
extension AppAttestRule: PathPrefixRule {}
