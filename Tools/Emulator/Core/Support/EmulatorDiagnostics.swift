import ErrorCore
import Foundation

/// The emulator's own reports on standard error (a handler that failed unexpectedly), masked by the one
/// redactor every SDK trace uses: an error's description can quote the request that caused it.
package enum EmulatorDiagnostics {
    /// `message` as it is written: `emulator: ` and the message with every secret masked.
    package static func line(_ message: String) -> String {
        "emulator: " + Redactor.standard.redactedText(message) + "\n"
    }

    /// Writes ``line(_:)`` to standard error.
    package static func report(_ message: String) {
        FileHandle.standardError.write(Data(line(message).utf8))
    }
}
