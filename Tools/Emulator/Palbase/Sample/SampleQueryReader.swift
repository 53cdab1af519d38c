import EmulatorCore

/// Reads query parameters with the same boundary-validation behaviour as `SampleBodyReader`: problems are
/// collected and `finish()` throws one 400 `bad_request` with a top-level `fields` list.
///
/// The SDK renders booleans as `true`/`false` and integers without a fraction (`page=2`), so only those
/// spellings are accepted. The first occurrence of a repeated scalar parameter wins.
package struct SampleQueryReader {
    private let parameters: [(name: String, value: String)]
    /// The problems found so far.
    package private(set) var issues: [SampleFieldIssue] = []

    /// Reads from decoded parameters in wire order.
    package init(_ parameters: [(name: String, value: String)]) {
        self.parameters = parameters
    }

    /// Throws 400 `bad_request` when any accessor found a problem.
    package func finish() throws {
        if !issues.isEmpty { throw SampleErrors.badRequest(issues) }
    }

    /// An integer within `range`, or `defaultValue` when absent.
    package mutating func integer(_ name: String, in range: ClosedRange<Int>, default defaultValue: Int) -> Int {
        guard let text = first(name) else { return defaultValue }
        guard let value = Int(text) else {
            issues.append(SampleFieldIssue(field: name, message: "Expected integer, received '\(clipped(text))'"))
            return defaultValue
        }
        guard range.contains(value) else {
            issues.append(
                SampleFieldIssue(field: name, message: "Must be between \(range.lowerBound) and \(range.upperBound)"))
            return defaultValue
        }
        return value
    }

    /// `true` or `false`, or nil when absent.
    package mutating func bool(_ name: String) -> Bool? {
        guard let text = first(name) else { return nil }
        switch text {
        case "true": return true
        case "false": return false
        default:
            issues.append(
                SampleFieldIssue(field: name, message: "Expected 'true' or 'false', received '\(clipped(text))'"))
            return nil
        }
    }

    /// Every value of the repeated parameter, under any of `names` (e.g. `tags` and `tags[]`), in wire order.
    package func strings(_ names: String...) -> [String] {
        parameters.filter { names.contains($0.name) }.map(\.value)
    }

    private func first(_ name: String) -> String? {
        parameters.first { $0.name == name }?.value
    }

    /// Echoes at most 40 characters of a rejected value, so a hostile query cannot balloon the error body.
    private func clipped(_ text: String) -> String {
        text.count <= 40 ? text : String(text.prefix(40)) + "…"
    }
}
