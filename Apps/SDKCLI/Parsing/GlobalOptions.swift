import Foundation

/// The options every command accepts, anywhere on the line before `--`.
///
/// `--help`/`-h` and `--version` are handled by the parser itself; `--json` and `--base-url`
/// reach commands through ``OutputContext``.
package struct GlobalOptions: Sendable, Equatable {
    /// `--json`: results and errors print as one JSON object on stdout.
    package var json: Bool
    /// `--base-url <url>`, else the `SDK_BASE_URL` environment variable, else `nil` (each
    /// command then picks its own default, typically the local emulator).
    package var baseURL: URL?

    /// No global option given.
    package init(json: Bool = false, baseURL: URL? = nil) {
        self.json = json
        self.baseURL = baseURL
    }

    /// The environment variable read when `--base-url` is absent.
    package static let baseURLEnvironmentKey = "SDK_BASE_URL"

    static let jsonOption = CommandOption.flag(
        "json", help: "Print every result and error as one JSON object on stdout.")
    static let baseURLOption = CommandOption.value(
        "base-url", type: .httpURL, valueName: "url",
        help: "Server to talk to (http or https); defaults to $\(baseURLEnvironmentKey), else each command's own.")
    static let helpOption = CommandOption.flag("help", short: "h", help: "Show help for this command.")
    static let versionOption = CommandOption.flag("version", help: "Show the version.")

    /// The global options valid after `path` (root first); `--version` only at the root.
    static func declarations(atRoot: Bool) -> [CommandOption] {
        atRoot ? [jsonOption, baseURLOption, helpOption, versionOption] : [jsonOption, baseURLOption, helpOption]
    }

    /// Every long name the globals use; commands may not reuse them.
    static let reservedNames: Set<String> = ["json", "base-url", "help", "version"]

    /// Whether `--json` appears before any `--`.
    ///
    /// Read before parsing so that even an error found early on the line prints as JSON. It is
    /// exact: an option value that starts with `--` is never taken as a value, so a bare `--json`
    /// word before `--` is always the flag.
    static func requestsJSON(_ arguments: [String]) -> Bool {
        arguments.prefix { $0 != "--" }.contains("--json")
    }
}
