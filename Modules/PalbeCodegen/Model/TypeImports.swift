/// The modules a generated type's spelling needs imported besides the file's own imports.
struct TypeImports: OptionSet {
    let rawValue: Int

    /// `Foundation`, for `Date`.
    static let foundation = TypeImports(rawValue: 1)
    /// The module declaring `AnyCodableValue` (``CodegenOptions/valueTypesModule``).
    static let valueTypes = TypeImports(rawValue: 2)
}
