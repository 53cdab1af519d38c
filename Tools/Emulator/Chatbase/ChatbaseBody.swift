import EmulatorCore
import ErrorCore
import Foundation

/// Reads a Chatbase JSON request body: not JSON (malformed, not UTF-8, nested too deep, empty) is 400
/// `VALIDATION_INVALID_JSON`; JSON of the wrong shape is 400 `VALIDATION_INVALID_BODY` with every wrong field
/// in `details`, thrown by `finish()`.
struct ChatbaseBody {
    private let members: [String: AnyCodableValue]
    private(set) var issues: [String: AnyCodableValue] = [:]

    /// Parses `data`; throws `VALIDATION_INVALID_JSON`, or `VALIDATION_INVALID_BODY` when it is not an object.
    init(_ data: Data) throws {
        guard let value = SampleJSON.parse(data) else { throw ChatbaseAPIError.invalidJSON }
        guard case .object(let members) = value else {
            throw ChatbaseAPIError.invalidBody("body", "must be a JSON object")
        }
        self.members = members
    }

    /// Throws `VALIDATION_INVALID_BODY` when any accessor found a problem.
    func finish() throws {
        if !issues.isEmpty { throw ChatbaseAPIError.invalidBody(issues) }
    }

    /// Records a problem with `field`.
    mutating func report(_ field: String, _ reason: String) {
        issues[field] = .string(reason)
    }

    /// A string; JSON null counts as absent. `required` makes absence an issue; `nonBlank` makes an
    /// all-whitespace string one.
    mutating func string(_ key: String, required: Bool = false, nonBlank: Bool = false) -> String? {
        guard let value = members[key], value != .null else {
            if required { report(key, "required") }
            return nil
        }
        guard case .string(let string) = value else {
            report(key, "must be a string")
            return nil
        }
        if nonBlank && string.allSatisfy(\.isWhitespace) {
            report(key, required ? "required" : "must not be blank")
            return nil
        }
        return string
    }

    /// A boolean; JSON null counts as absent.
    mutating func bool(_ key: String) -> Bool? {
        guard let value = members[key], value != .null else { return nil }
        guard case .bool(let bool) = value else {
            report(key, "must be a boolean")
            return nil
        }
        return bool
    }

    /// Any JSON value, JSON null included; absence is an issue when `required`.
    mutating func value(_ key: String, required: Bool = false) -> AnyCodableValue? {
        guard let value = members[key] else {
            if required { report(key, "required") }
            return nil
        }
        return value
    }
}
