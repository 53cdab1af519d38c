import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A logger that writes one line per record to standard error (or another file descriptor).
///
/// Line format: `2025-03-01T12:30:05.120Z debug studio.palbase.sdk[http] GET /todos → 200`.
/// Line breaks inside a message are written as `\n` and `\r`, so one record is always one line.
/// Writes from concurrent tasks never interleave: all instances share one lock, and each line is
/// written whole.
public struct StderrLogger: SDKLogger {
    /// Records below this level are dropped.
    public var minimumLevel: LogLevel
    private let fileDescriptor: Int32

    /// A logger writing records at `minimumLevel` and above to `fileDescriptor` (standard error
    /// unless a test or a host redirects it). The descriptor is not owned: it is never closed.
    public init(minimumLevel: LogLevel = .debug, fileDescriptor: Int32 = 2) {
        self.minimumLevel = minimumLevel
        self.fileDescriptor = fileDescriptor
    }

    /// Whether `level` is at least ``minimumLevel``.
    public func isEnabled(_ level: LogLevel) -> Bool {
        level >= minimumLevel
    }

    /// Writes the record's line, if its level is enabled. A failed write is dropped: logging never
    /// fails the caller.
    public func log(_ record: LogRecord) {
        guard isEnabled(record.level) else { return }
        let line = Array(Self.line(for: record).utf8)
        writeLock.withLock { _ in
            _ = line.withUnsafeBytes { writeFully(fileDescriptor, $0) }
        }
    }

    /// The line written for `record`, newline included.
    public static func line(for record: LogRecord) -> String {
        var message = ""
        message.reserveCapacity(record.message.utf8.count)
        for scalar in record.message.unicodeScalars {
            switch scalar {
            case "\n": message += "\\n"
            case "\r": message += "\\r"
            default: message.unicodeScalars.append(scalar)
            }
        }
        return "\(ISO8601Timestamp.string(from: record.date)) \(record.level) "
            + "\(record.subsystem)[\(record.category)] \(message)\n"
    }
}

extension SDKLogger where Self == StderrLogger {
    /// A logger that writes every record from `.debug` up to standard error: `logger: .stderr`.
    public static var stderr: StderrLogger { StderrLogger() }
}

/// One lock for every `StderrLogger`: they may share a descriptor, and a line must land whole.
private let writeLock = Locked(())
