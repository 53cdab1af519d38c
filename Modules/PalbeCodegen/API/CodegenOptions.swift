/// How ``CodeGenerator`` lays out and checks its output.
public struct CodegenOptions: Sendable, Equatable {
    /// Emit everything in one file, `PalbeGenerated.swift`, instead of one file per namespace
    /// and per model. Meant for comparing build times; several files compile in parallel and a
    /// spec change touches fewer of them.
    public var singleFile: Bool
    /// Modules every generated file imports. The default, `["Palbe"]`, assumes Palbe re-exports
    /// the ErrorCore types generated code spells (`AnyCodableValue`, `Nullable`).
    public var imports: [String]
    /// Fail with ``CodegenError/warningsAsErrors(_:)`` instead of returning warnings, for CI.
    public var warningsAsErrors: Bool

    /// Options with the defaults: several files, `import Palbe`, warnings returned.
    public init(singleFile: Bool = false, imports: [String] = ["Palbe"], warningsAsErrors: Bool = false) {
        self.singleFile = singleFile
        self.imports = imports
        self.warningsAsErrors = warningsAsErrors
    }
}
