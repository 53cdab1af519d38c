import EmulatorCore
import ErrorCore
import Foundation

extension SampleJSON {
    /// A timestamp rendered by `SampleTimestamp`, or JSON null for nil.
    package static func timestamp(_ milliseconds: Int64?) -> AnyCodableValue {
        milliseconds.map { .string(SampleTimestamp.format($0)) } ?? .null
    }
}
