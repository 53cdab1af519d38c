import Foundation

/// Where a command reads a secret it must not take on the command line, where every process on the
/// machine can read it (`/proc/<pid>/cmdline`): the lines of standard input, or an environment variable.
enum SecretInput {
    /// Every line of standard input, read to its end, without line endings (`\n` or `\r\n`).
    static func standardInputLines() -> [String] {
        let data = FileHandle.standardInput.readDataToEndOfFile()
        return String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasSuffix("\r") ? String($0.dropLast()) : String($0) }
    }

    /// One secret: the first line of stdin when `stdin` (the flag named `flag`) was given, else `variable`
    /// when set and not empty.
    ///
    /// - Throws: ``UsageError`` (exit 2) naming both ways when neither gave a value.
    static func value(
        stdin: Bool, flag: String, variable: String, what: String, context: OutputContext
    ) throws -> String {
        if stdin {
            guard let line = standardInputLines().first, !line.isEmpty else {
                throw UsageError(code: .missingValue, message: "--\(flag): the first line of stdin (\(what)) is empty")
            }
            return line
        }
        if let value = context.environment[variable], !value.isEmpty { return value }
        throw UsageError(code: .missingOption, message: "give \(what) with --\(flag) or $\(variable)")
    }
}
