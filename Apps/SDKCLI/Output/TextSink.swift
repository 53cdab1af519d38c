import Foundation

/// Where a stream of text goes: the process's stdout or stderr, or a test's buffer.
public struct TextSink: Sendable {
    private let writeText: @Sendable (String) -> Void

    /// A sink that hands every chunk of text to `write`, in order. `write` must not block for long
    /// and may be called from any task.
    public init(write: @escaping @Sendable (String) -> Void) {
        self.writeText = write
    }

    /// Writes `text` as given (no newline added).
    public func write(_ text: String) {
        writeText(text)
    }

    /// The process's standard output, unbuffered.
    public static let standardOutput = TextSink { FileHandle.standardOutput.write(Data($0.utf8)) }

    /// The process's standard error, unbuffered.
    public static let standardError = TextSink { FileHandle.standardError.write(Data($0.utf8)) }

    /// A sink that drops everything.
    public static let discarding = TextSink { _ in }
}
