import Foundation

/// The repository's `Specs/` directory, where the contracts the emulator serves live as data (the Palbase
/// sample backend's OpenAPI document, Purse's method catalogue, …): the very files the code generator and the
/// tests read, so a change to a contract is one edit and no copy can drift.
///
/// Found from this source file's place in the checkout (`#filePath`), the way the tests find their golden
/// files (`PackageRoot`): it works for `swift run sdk …`, for the tests and for a package that depends on this
/// one (its checkout has `Specs/` too), whatever the working directory. An emulator binary moved away from its
/// checkout falls back to `./Specs`; every service also takes its contract from an explicit place.
package enum SpecsDirectory {
    /// The directory: `Specs/` beside `Tools/` in the checkout this file is in, else `./Specs`.
    package static let url: URL = {
        let specs = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // Support
            .deletingLastPathComponent()  // Core
            .deletingLastPathComponent()  // Emulator
            .deletingLastPathComponent()  // Tools
            .deletingLastPathComponent()  // package root
            .appendingPathComponent("Specs")
        guard !FileManager.default.fileExists(atPath: specs.path) else { return specs }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("Specs")
    }()

    /// The file at `path` inside `Specs/` (relative, `/`-separated, e.g. `palbase/openapi.json`).
    package static func file(_ path: String) -> URL {
        url.appendingPathComponent(path)
    }
}
