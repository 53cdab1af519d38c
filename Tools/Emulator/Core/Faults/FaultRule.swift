import Foundation

/// Makes the emulator misbehave for matching requests: method (or any) + raw path prefix, optionally only
/// the next `count` times.
///
/// Rules are checked oldest first; the first match wins and uses up one of its `count`. Admin requests
/// (`/__emulator/…`) are never faulted.
package struct FaultRule: Sendable, Equatable, Codable {
    /// Assigned when the rule is added; nil before.
    package var id: Int?
    /// The method to match (case-insensitive), or nil for any.
    package var method: String?
    /// The raw path prefix to match, e.g. `/todos` or `/api/sdk/agents`.
    package var pathPrefix: String
    /// How many more requests the rule applies to; nil for every request until cleared.
    package var count: Int?
    /// What to do.
    package var action: FaultAction

    /// Creates a rule.
    package init(method: String? = nil, pathPrefix: String, count: Int? = nil, action: FaultAction) {
        self.method = method
        self.pathPrefix = pathPrefix
        self.count = count
        self.action = action
    }

    /// True when the rule applies to a request with this method and raw path.
    package func matches(method: String, path: String) -> Bool {
        (self.method.map { $0 == "*" || $0.caseInsensitiveCompare(method) == .orderedSame } ?? true)
            && path.hasPrefix(pathPrefix)
    }

    /// A reason the rule cannot be added, or nil when it is valid.
    package var validationFailure: String? {
        if !pathPrefix.hasPrefix("/") { return "path_prefix must start with /" }
        if let count, count < 1 { return "count must be at least 1" }
        if let method, method.isEmpty { return "method must not be empty" }
        return action.validationFailure
    }
}
