/// A command could not do its job: `sdk` prints `error: <message>` (or the JSON error object)
/// and exits 1.
///
/// Throw it for failures you can explain in a sentence; any other error a command throws is
/// reported the same way, with its description, and an ``ErrorCore/SDKError`` adds its SDK,
/// code, status and request id.
package struct CommandFailure: Error, Sendable, Equatable {
    /// A stable snake_case code for scripts, such as `emulator_unreachable`.
    package let code: String
    /// One line for people; never a secret.
    package let message: String

    /// A failure with a code and a one-line message.
    package init(code: String, message: String) {
        self.code = code
        self.message = message
    }
}

/// Ends a command with a given exit code and no further output, because the command already
/// wrote everything (for example a report whose JSON carries its own failures).
package struct ExitCode: Error, Sendable, Equatable {
    /// The process exit status.
    package let rawValue: Int32

    /// An exit code from its raw value.
    package init(_ rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// 0.
    package static let success = ExitCode(0)
    /// 1: the command ran and failed.
    package static let failure = ExitCode(1)
    /// 2: the command line was wrong.
    package static let usage = ExitCode(2)
}
