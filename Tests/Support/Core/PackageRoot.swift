import Foundation

/// The package's root directory, for tests that read what the repository holds (`Specs/`) through a
/// `#filePath`-relative path, so no bundle resources are needed and every test target reads the very
/// same files.
public enum PackageRoot {
    /// The root itself: this file is `Tests/Support/Core/PackageRoot.swift` inside it.
    public static let url = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Core
        .deletingLastPathComponent()  // Support
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root

    /// The file or directory at `path` (relative, `/`-separated, e.g. `Specs/palbase/openapi.json`).
    public static func appending(_ path: String) -> URL {
        url.appendingPathComponent(path)
    }
}
