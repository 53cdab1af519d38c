import ErrorCore
import Foundation

extension OutputContext {
    /// Prints `error` the way `sdk` reports failures and returns the exit status to use.
    ///
    /// ``UsageError`` → 2, ``ExitCode`` → its own code with no output, anything else → 1. Text
    /// mode writes `error: …` to stderr; `--json` writes `{"error":{…}}` to stdout. An
    /// ``ErrorCore/SDKError`` is described by its safe fields only, never its full dump.
    func report(_ error: any Error) -> Int32 {
        if let exit = error as? ExitCode { return exit.rawValue }
        let payload: ErrorPayload
        let lines: [String]
        let status: Int32
        if var usage = error as? UsageError {
            if usage.commandPath.isEmpty { usage.commandPath = commandPath }
            payload = ErrorPayload(code: usage.code.rawValue, message: usage.message, suggestion: usage.suggestion)
            lines = usage.textLines
            status = 2
        } else {
            payload = ErrorPayload(error)
            lines = ["error: \(payload.message)"]
            status = 1
        }
        if isJSON, let json = try? Self.jsonLine(["error": payload]) {
            stdout.write(json + "\n")
        } else {
            for line in lines { log(line) }
        }
        return status
    }
}

/// The `"error"` object of `--json` output.
struct ErrorPayload: Encodable, Equatable {
    var code: String
    var message: String
    var suggestion: String?
    var sdk: String?
    var status: Int?
    var requestId: String?

    init(code: String, message: String, suggestion: String? = nil) {
        self.code = code
        self.message = message
        self.suggestion = suggestion
    }

    /// The payload for a runtime failure.
    init(_ error: any Error) {
        switch error {
        case let failure as CommandFailure:
            self.init(code: failure.code, message: Self.oneLine(failure.message))
        case let sdkError as any SDKError:
            let described = (sdkError as? any LocalizedError)?.errorDescription
            self.init(code: sdkError.errorCode, message: Self.oneLine(described ?? sdkError.logSummary))
            sdk = sdkError.sdkName
            status = sdkError.httpStatus
            requestId = sdkError.serverRequestID
        case is CancellationError:
            self.init(code: "cancelled", message: "the command was cancelled")
        default:
            let described = (error as? any LocalizedError)?.errorDescription ?? String(describing: error)
            self.init(code: "failed", message: Self.oneLine(described))
        }
    }

    /// Keeps an error one line whatever its description holds.
    static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
