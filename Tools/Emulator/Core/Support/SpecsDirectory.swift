import Foundation

/// The repository's `Specs/` directory, where the contracts the emulator serves live as data (the Palbase
/// sample backend's OpenAPI document, Purse's method catalogue, …): the very files the code generator and the
/// tests read, so a change to a contract is one edit and no copy can drift.
///
/// Found from this source file's place in the checkout (`#filePath`), the way the tests find their golden
/// files: it works for `swift run sdk …`, for the tests and for a package that depends on this one (its
/// checkout has `Specs/` too), whatever the working directory. An emulator binary moved away from its
/// checkout falls back to `./Specs`; every service also takes its contract from an explicit place.
package enum SpecsDirectory {
    /// The directory: the first ancestor of this file holding `Package.swift` and `Specs/`, else `./Specs`.
    package static let url: URL = {
        let files = FileManager.default
        var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while directory.pathComponents.count > 1 {
            let specs = directory.appendingPathComponent("Specs")
            if files.fileExists(atPath: directory.appendingPathComponent("Package.swift").path),
                files.fileExists(atPath: specs.path)
            {
                return specs
            }
            directory.deleteLastPathComponent()
        }
        return URL(fileURLWithPath: files.currentDirectoryPath).appendingPathComponent("Specs")
    }()

    /// The file at `path` inside `Specs/` (relative, `/`-separated, e.g. `palbase/openapi.json`).
    package static func file(_ path: String) -> URL {
        url.appendingPathComponent(path)
    }
}
