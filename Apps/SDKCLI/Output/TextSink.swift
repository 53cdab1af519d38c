import Foundation

/// Where a stream of text goes: the process's stdout or stderr, or a test's buffer.
package struct TextSink: Sendable {
    private let writeText: @Sendable (String) -> Void

    /// A sink that hands every chunk of text to `write`, in order. `write` must not block for long
    /// and may be called from any task.
    package init(write: @escaping @Sendable (String) -> Void) {
        self.writeText = write
    }

    /// Writes `text` as given (no newline added).
    package func write(_ text: String) {
        writeText(text)
    }

    /// The process's standard output, unbuffered.
    package static let standardOutput = TextSink { FileHandle.standardOutput.write(Data($0.utf8)) }

    /// The process's standard error, unbuffered.
    package static let standardError = TextSink { FileHandle.standardError.write(Data($0.utf8)) }

    /// A sink that drops everything.
    package static let discarding = TextSink { _ in }
}
