import Foundation

/// How the SDKs read an on/off switch from the environment or launch arguments (`PALBASE_DEBUG`,
/// `CHATBASE_DEBUG`, `-PalbaseDebug YES`): one rule, so every switch accepts the same spellings.
package enum DebugFlag {
    /// Whether `value` turns a switch on: `1`, `yes` or `true`, in any case, surrounding spaces ignored.
    package static func isOn(_ value: String?) -> Bool {
        guard let value else { return false }
        return ["1", "yes", "true"].contains(value.trimmingCharacters(in: .whitespaces).lowercased())
    }
}
