/// A case of a string enum.
struct EnumCase {
    /// Set by ``NamePass``.
    var name: String
    let rawValue: String
}
