// The os stub: the unified logging system's Swift API (`Logger`), as the SDKs use it.
//
//   https://developer.apple.com/documentation/os/logger
//   https://developer.apple.com/documentation/os/logger/init(subsystem:category:)
//   https://developer.apple.com/documentation/os/logger/init()
//   https://developer.apple.com/documentation/os/logger/log(level:_:)
//   https://developer.apple.com/documentation/os/oslogtype
//   https://developer.apple.com/documentation/os/oslogmessage
//   https://developer.apple.com/documentation/os/osloginterpolation
//   https://developer.apple.com/documentation/os/oslogprivacy
//   https://developer.apple.com/documentation/os/oslogintegerformatting
//   https://developer.apple.com/documentation/os/oslogfloatformatting
//   https://developer.apple.com/documentation/os/oslogboolformat
//   https://developer.apple.com/documentation/os/oslogstringalignment
//
// `Logger` takes an `OSLogMessage`, never a `String`: the message must be a string literal, and only the
// interpolations `OSLogInterpolation` declares are accepted (a `String`, an integer, a `Double`, a `Bool`,
// a `CustomStringConvertible` value, an `NSObject`, a type, an `Error`), each with the labels Apple
// gives it (`privacy:`, `align:`, `format:`). So `logger.log(level: type, message)` with a `String`
// variable, `"\(value, privacy: .pubic)"` or `"\(value, privacy: .public, format: .hex)"` fail here as on
// Apple platforms. What the stub cannot check: Apple also requires `privacy:`, `format:` and `align:`
// arguments to be compile-time constants, a rule its compiler enforces for the os module only.
//
// Messages are discarded: the gate compiles logging code; the SDKs' Linux builds log to standard error.
//
// Availability: `Logger`, `OSLogMessage`, `OSLogInterpolation`, `OSLogPrivacy` and the formatting types
// are iOS 14 / macOS 11, `OSLogType` iOS 10 / macOS 10.12, all below the SDKs' floor (iOS 17, macOS 14).

import Foundation

/// `struct Logger`: an object for writing interpolated string messages to the unified logging system.
public struct Logger: Sendable {
    private let subsystem: String?
    private let category: String?

    /// Creates a logger using the specified subsystem and category.
    public init(subsystem: String, category: String) {
        self.subsystem = subsystem
        self.category = category
    }

    /// Creates a logger that writes to the default subsystem.
    public init() {
        subsystem = nil
        category = nil
    }

    /// Writes a message to the log using the default log type.
    public func log(_ message: OSLogMessage) {}

    /// Writes a message to the log using the specified log type.
    public func log(level: OSLogType, _ message: OSLogMessage) {}

    /// Writes a trace message to the log.
    public func trace(_ message: OSLogMessage) {}

    /// Writes a debug message to the log.
    public func debug(_ message: OSLogMessage) {}

    /// Writes an informative message to the log.
    public func info(_ message: OSLogMessage) {}

    /// Writes information about the current state to the log.
    public func notice(_ message: OSLogMessage) {}

    /// Writes information about a warning to the log.
    public func warning(_ message: OSLogMessage) {}

    /// Writes information about an error to the log.
    public func error(_ message: OSLogMessage) {}

    /// Writes a message to the log about a critical event in your app's execution.
    public func critical(_ message: OSLogMessage) {}

    /// Writes a message to the log about a bug that occurs when your app executes.
    public func fault(_ message: OSLogMessage) {}
}

/// `struct OSLogType`: the various log levels that the unified logging system provides, imported from
/// `os_log_type_t`.
public struct OSLogType: Equatable, Hashable, RawRepresentable, Sendable {
    public let rawValue: UInt8

    /// Creates a log type from its raw value.
    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// Creates a log type from the specified integer.
    public init(_ rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// The default log level (`OS_LOG_TYPE_DEFAULT`).
    public static let `default` = OSLogType(0x00)
    /// The informative log level (`OS_LOG_TYPE_INFO`).
    public static let info = OSLogType(0x01)
    /// The debug log level (`OS_LOG_TYPE_DEBUG`).
    public static let debug = OSLogType(0x02)
    /// The error log level (`OS_LOG_TYPE_ERROR`).
    public static let error = OSLogType(0x10)
    /// The fault log level (`OS_LOG_TYPE_FAULT`).
    public static let fault = OSLogType(0x11)
}

/// `struct OSLogMessage`: the message you log, built only from a string literal.
public struct OSLogMessage: ExpressibleByStringInterpolation, ExpressibleByStringLiteral {
    /// The log message's string interpolation.
    public let interpolation: OSLogInterpolation

    /// Creates a log message from a string interpolation.
    public init(stringInterpolation: OSLogInterpolation) {
        interpolation = stringInterpolation
    }

    /// Creates a log message from a string literal.
    public init(stringLiteral value: String) {
        var interpolation = OSLogInterpolation(literalCapacity: value.utf8.count, interpolationCount: 0)
        interpolation.appendLiteral(value)
        self.interpolation = interpolation
    }
}

/// `struct OSLogInterpolation`: a container for the elements of a log message.
public struct OSLogInterpolation: StringInterpolationProtocol {
    /// The literal segments, as the stub keeps them (it does not record arguments).
    private var literals: [String] = []

    /// Creates an empty interpolation.
    public init(literalCapacity: Int, interpolationCount: Int) {}

    /// Appends a literal segment of the message.
    public mutating func appendLiteral(_ literal: String) {
        literals.append(literal)
    }

    /// Appends an interpolated string.
    public mutating func appendInterpolation(
        _ argumentString: @autoclosure @escaping () -> String, align: OSLogStringAlignment = .none,
        privacy: OSLogPrivacy = .auto
    ) {}

    /// Appends an interpolated textual representation of a type.
    public mutating func appendInterpolation<T: CustomStringConvertible>(
        _ value: @autoclosure @escaping () -> T, align: OSLogStringAlignment = .none, privacy: OSLogPrivacy = .auto
    ) {}

    /// Appends an interpolated object description.
    public mutating func appendInterpolation(
        _ argumentObject: @autoclosure @escaping () -> NSObject, privacy: OSLogPrivacy = .auto
    ) {}

    /// Appends an interpolated type description.
    public mutating func appendInterpolation(
        _ value: @autoclosure @escaping () -> any Any.Type, align: OSLogStringAlignment = .none,
        privacy: OSLogPrivacy = .auto
    ) {}

    /// Appends an interpolated integer.
    public mutating func appendInterpolation(
        _ number: @autoclosure @escaping () -> Int, format: OSLogIntegerFormatting = .decimal,
        align: OSLogStringAlignment = .none, privacy: OSLogPrivacy = .auto
    ) {}

    /// Appends an interpolated numeric type.
    public mutating func appendInterpolation<T: FixedWidthInteger>(
        _ number: @autoclosure @escaping () -> T, format: OSLogIntegerFormatting = .decimal,
        align: OSLogStringAlignment = .none, privacy: OSLogPrivacy = .auto
    ) {}

    /// Appends an interpolated double.
    public mutating func appendInterpolation(
        _ number: @autoclosure @escaping () -> Double, format: OSLogFloatFormatting = .fixed,
        align: OSLogStringAlignment = .none, privacy: OSLogPrivacy = .auto
    ) {}

    /// Adds a Boolean argument to the message.
    public mutating func appendInterpolation(
        _ boolean: @autoclosure @escaping () -> Bool, format: OSLogBoolFormat = .truth, privacy: OSLogPrivacy = .auto
    ) {}

    /// Appends an interpolated error.
    public mutating func appendInterpolation(
        _ error: @autoclosure @escaping () -> any Error, privacy: OSLogPrivacy = .auto, attributes: String = ""
    ) {}
}

/// `struct OSLogPrivacy`: the privacy options that determine when to redact or display values in log
/// messages.
public struct OSLogPrivacy: Sendable {
    /// A mask that establishes how the system displays a redacted value in a log message.
    public enum Mask: Equatable, Hashable, Sendable {
        /// An option to replace a redacted value with a string that contains a hashed version of the
        /// original value.
        case hash
        /// An option to replace a redacted value with a generic string.
        case none
    }

    private enum Kind {
        case auto, `public`, `private`, sensitive
    }

    private let kind: Kind
    private let mask: Mask

    private init(_ kind: Kind, mask: Mask = .none) {
        self.kind = kind
        self.mask = mask
    }

    /// The standard option to let the system determine whether to redact or display a value.
    public static var auto: OSLogPrivacy { OSLogPrivacy(.auto) }
    /// The standard option to always show the interpolated value.
    public static var `public`: OSLogPrivacy { OSLogPrivacy(.public) }
    /// The standard option to always redact the interpolated value.
    public static var `private`: OSLogPrivacy { OSLogPrivacy(.private) }
    /// The option to always redact interpolated values that contain sensitive information.
    public static var sensitive: OSLogPrivacy { OSLogPrivacy(.sensitive) }

    /// Returns a privacy structure that determines whether to redact or show values according to their
    /// type, and customizes the display of redacted values.
    public static func auto(mask: Mask) -> OSLogPrivacy { OSLogPrivacy(.auto, mask: mask) }
    /// Returns a privacy structure that always redacts values, and customizes the display of redacted values.
    public static func `private`(mask: Mask) -> OSLogPrivacy { OSLogPrivacy(.private, mask: mask) }
    /// Returns a privacy structure that marks an interpolated value as sensitive, and customizes the display
    /// of redacted values.
    public static func sensitive(mask: Mask) -> OSLogPrivacy { OSLogPrivacy(.sensitive, mask: mask) }
}

/// `struct OSLogStringAlignment`: the alignment options for interpolated values.
public struct OSLogStringAlignment: Sendable {
    private init() {}

    /// No alignment: the value is shown at its own width.
    public static var none: OSLogStringAlignment { OSLogStringAlignment() }
}

/// `struct OSLogIntegerFormatting`: the formatting options for integer values.
public struct OSLogIntegerFormatting: Sendable {
    private let radix: Int

    private init(radix: Int) {
        self.radix = radix
    }

    /// The standard decimal format option.
    public static var decimal: OSLogIntegerFormatting { OSLogIntegerFormatting(radix: 10) }
    /// The standard hexadecimal format option.
    public static var hex: OSLogIntegerFormatting { OSLogIntegerFormatting(radix: 16) }
    /// The standard octal format option.
    public static var octal: OSLogIntegerFormatting { OSLogIntegerFormatting(radix: 8) }
}

/// `struct OSLogFloatFormatting`: the formatting options for double and floating-point numbers.
public struct OSLogFloatFormatting: Sendable {
    private let specifier: Character

    private init(_ specifier: Character) {
        self.specifier = specifier
    }

    /// The standard fixed-point format option (`%f`).
    public static var fixed: OSLogFloatFormatting { OSLogFloatFormatting("f") }
    /// The standard hexadecimal format option (`%a`).
    public static var hex: OSLogFloatFormatting { OSLogFloatFormatting("a") }
    /// The standard exponential format option (`%e`).
    public static var exponential: OSLogFloatFormatting { OSLogFloatFormatting("e") }
    /// A hybrid option that changes the format according to the size of the number (`%g`).
    public static var hybrid: OSLogFloatFormatting { OSLogFloatFormatting("g") }
}

/// `enum OSLogBoolFormat`: the formatting options for Boolean values.
public enum OSLogBoolFormat: Sendable {
    /// An option to format Boolean values as true or false strings.
    case truth
    /// An option to format Boolean values as yes or no strings.
    case answer
}
