import EmulatorCore

/// The three meanings of a nullable key in a PATCH body, mirroring the SDK's `Nullable<T>` seen from the
/// server: an absent key keeps the stored value, JSON null clears it, a value sets it.
package enum SamplePatch<Value: Sendable & Equatable>: Sendable, Equatable {
    /// The key was absent: leave the stored value alone.
    case keep
    /// The key was JSON null: clear the stored value.
    case clear
    /// The key held a value: store it.
    case set(Value)

    /// The stored value after applying the patch to `current`.
    package func applied(to current: Value?) -> Value? {
        switch self {
        case .keep: current
        case .clear: nil
        case .set(let value): value
        }
    }

    /// True unless the key was absent.
    package var isPresent: Bool { self != .keep }
}
