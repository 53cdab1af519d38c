/// How ``CodeGenerator`` lays out and checks its output.
public struct CodegenOptions: Sendable, Equatable {
    /// Emit everything in one file, `PalbeGenerated.swift`, instead of one file per namespace
    /// and per model. Meant for comparing build times; several files compile in parallel and a
    /// spec change touches fewer of them.
    public var singleFile: Bool
    /// Modules every generated file imports; `["Palbe"]` by default.
    public var imports: [String]
    /// The module that declares `AnyCodableValue` and `Nullable`, imported by the files that
    /// spell them (`"ErrorCore"` by default; the target of the generated code must depend on
    /// it). `nil` when a module in ``imports`` already re-exports them.
    ///
    /// The import matters beyond the type names: `Nullable`'s `encodeIfPresent` and
    /// `decodeIfPresent` overloads, which keep `null` apart from an absent key, are members of
    /// that module and only visible to files importing it under `MemberImportVisibility`.
    public var valueTypesModule: String?
    /// Fail with ``CodegenError/warningsAsErrors(_:)`` instead of returning warnings, for CI.
    public var warningsAsErrors: Bool

    /// Options with the defaults: several files, `import Palbe` (and `import ErrorCore` where
    /// needed), warnings returned.
    public init(
        singleFile: Bool = false, imports: [String] = ["Palbe"], valueTypesModule: String? = "ErrorCore",
        warningsAsErrors: Bool = false
    ) {
        self.singleFile = singleFile
        self.imports = imports
        self.valueTypesModule = valueTypesModule
        self.warningsAsErrors = warningsAsErrors
    }
}
