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
    /// The most steps generation may take (resolving a `$ref`, mapping a schema, merging an
    /// `allOf` member) before it fails with ``CodegenError/workLimitExceeded(pointer:limit:)``;
    /// `nil`, the default, allows ``defaultWorkLimit(specBytes:)``.
    ///
    /// Each schema and reference is worked on once, so a real spec takes a few steps per schema
    /// use; only a spec whose schemas expand exponentially (inline schemas referenced from
    /// several places are mapped anew at every use) comes near the limit, and stops there.
    public var workLimit: Int?

    /// The default ``workLimit`` for a spec of `specBytes` bytes: 20,000 steps plus 50 per KiB.
    /// The 742 KB, 1,000-operation synthetic spec takes about 9,600 of its 56,000; the sample
    /// backend's 50 KB spec about 110.
    public static func defaultWorkLimit(specBytes: Int) -> Int {
        20_000 + 50 * (max(0, specBytes) / 1024)
    }

    /// Options with the defaults: several files, `import Palbe` (and `import ErrorCore` where
    /// needed), warnings returned, the default work limit.
    public init(
        singleFile: Bool = false, imports: [String] = ["Palbe"], valueTypesModule: String? = "ErrorCore",
        warningsAsErrors: Bool = false, workLimit: Int? = nil
    ) {
        self.singleFile = singleFile
        self.imports = imports
        self.valueTypesModule = valueTypesModule
        self.warningsAsErrors = warningsAsErrors
        self.workLimit = workLimit
    }
}
