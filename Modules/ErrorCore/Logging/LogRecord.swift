import Foundation

/// One log record: what happened, how much it matters and where it comes from.
public struct LogRecord: Sendable, Hashable {
    /// How much it matters.
    public var level: LogLevel
    /// The SDK, reverse-DNS style: `studio.palbase.sdk`, `com.chatbase.sdk`.
    public var subsystem: String
    /// The area inside the SDK: `http`, `auth`, `realtime`.
    public var category: String
    /// The text. It must already be safe to log: pass anything that came off the wire through
    /// ``Redactor`` first.
    public var message: String
    /// When it happened.
    public var date: Date

    /// A record from its parts; `date` defaults to now.
    public init(level: LogLevel, subsystem: String, category: String, message: String, date: Date = Date()) {
        self.level = level
        self.subsystem = subsystem
        self.category = category
        self.message = message
        self.date = date
    }
}
