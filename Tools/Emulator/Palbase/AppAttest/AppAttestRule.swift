import EmulatorCore
import Foundation

/// Demands an App Attest assertion on every Palbase request whose path starts with `pathPrefix`
/// (never on `/auth/attest/…` itself, which a device needs in order to attest).
package struct AppAttestRule: Sendable, Equatable, Codable {
    /// A raw path prefix, e.g. `/todos`.
    package var pathPrefix: String

    /// Creates a rule; throws `AppAttestRule.Invalid` unless the prefix starts with `/`.
    package init(pathPrefix: String) throws(Invalid) {
        guard pathPrefix.hasPrefix("/") else { throw Invalid(reason: "the path prefix must start with /") }
        self.pathPrefix = pathPrefix
    }

    /// A rule that could not be built, with the reason in words.
    package struct Invalid: Error, Sendable, Equatable, CustomStringConvertible {
        /// What is wrong.
        package let reason: String
        /// The reason.
        package var description: String { reason }
    }
}
