import EmulatorCore

/// Who can see a todo or room. Three of the values are Swift keywords on purpose, so generated enums must
/// escape them (`` case `public` ``).
package enum SampleVisibility: String, Sendable, CaseIterable {
    case `internal`
    case `private`
    case `public`
    case unlisted

    /// The value a new record gets when the body names none.
    package static let `default` = SampleVisibility.private
}
