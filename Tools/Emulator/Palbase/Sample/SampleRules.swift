import EmulatorCore
import ErrorCore
import Foundation

/// The handler-level rules of the sample backend: checks on input that already parsed, collected and thrown
/// as one 400 `validation_error` with `details: [{field, message}]`.
///
/// The split with `SampleBodyReader` is the one a zod-based backend has: types, required keys, enums,
/// formats and numeric ranges belong to the schema (`bad_request`); text and list content (trimmed length,
/// tag rules, metadata size) is checked by the handler. The lengths and counts come from the operation's
/// body schema in the OpenAPI document (`SampleFieldLimits`), so they are the declared ones.
package struct SampleRules {
    /// Largest `metadata` object once rendered as JSON, in bytes (the document says so in prose: JSON Schema
    /// has no keyword for an encoded size).
    package static let maxMetadataBytes = 8 << 10

    /// The problems found so far.
    package private(set) var issues: [SampleFieldIssue] = []

    /// Creates an empty rule set.
    package init() {}

    /// Throws 400 `validation_error` when any rule failed.
    package func finish() throws {
        if !issues.isEmpty { throw SampleErrors.validationError(issues) }
    }

    /// Records a problem when `condition` is false.
    package mutating func require(_ condition: Bool, _ field: String, _ message: @autoclosure () -> String) {
        if !condition { issues.append(SampleFieldIssue(field: field, message: message())) }
    }

    /// Trims `text` and checks it is neither empty nor longer than `limits.maxLength`; returns the trimmed
    /// text.
    package mutating func trimmedText(_ text: String?, field: String, limits: SampleFieldLimits) -> String? {
        let maxLength = limits.maxLength ?? .max
        guard let text else { return nil }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        require(!trimmed.isEmpty, field, "Must not be empty")
        require(trimmed.count <= maxLength, field, "Must be at most \(maxLength) characters")
        return trimmed
    }

    /// Checks `text` is at most `limits.maxLength` characters (it is stored untrimmed).
    package mutating func length(_ text: String?, field: String, limits: SampleFieldLimits) {
        length(text, field: field, maxLength: limits.maxLength ?? .max)
    }

    /// Checks `text` is at most `maxLength` characters (it is stored untrimmed).
    package mutating func length(_ text: String?, field: String, maxLength: Int) {
        guard let text else { return }
        require(text.count <= maxLength, field, "Must be at most \(maxLength) characters")
    }

    /// Trims and de-duplicates tags (first occurrence wins) after checking each one (`limits.itemMaxLength`)
    /// and the count (`limits.maxItems`).
    package mutating func tags(_ tags: [String]?, field: String = "tags", limits: SampleFieldLimits) -> [String]? {
        guard let tags else { return nil }
        let maxTags = limits.maxItems ?? .max
        let maxTagLength = limits.itemMaxLength ?? .max
        require(tags.count <= maxTags, field, "At most \(maxTags) tags")
        var result: [String] = []
        for (index, tag) in tags.enumerated() {
            let trimmed = tag.trimmingCharacters(in: .whitespacesAndNewlines)
            require(!trimmed.isEmpty, "\(field).\(index)", "Must not be empty")
            require(
                trimmed.count <= maxTagLength, "\(field).\(index)", "Must be at most \(maxTagLength) characters")
            if !result.contains(trimmed) { result.append(trimmed) }
        }
        return result
    }

    /// Checks a `metadata` object fits in `maxMetadataBytes` once rendered.
    package mutating func metadata(_ metadata: ExactJSONObject?, field: String = "metadata") {
        guard let metadata else { return }
        let size = SampleJSON.renderedSize(.object(metadata))
        require(size <= Self.maxMetadataBytes, field, "Must be at most \(Self.maxMetadataBytes) bytes as JSON")
    }
}
