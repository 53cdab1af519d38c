import EmulatorCore
import ErrorCore
import Foundation

/// The handler-level rules of the sample backend: checks on input that already parsed, collected and thrown
/// as one 400 `validation_error` with `details: [{field, message}]`.
///
/// The split with `SampleBodyReader` is the one a zod-based backend has: types, required keys, enums,
/// formats and numeric ranges belong to the schema (`bad_request`); text and list content (trimmed length,
/// tag rules, metadata size) is checked by the handler.
package struct SampleRules {
    /// Longest todo title, in characters, after trimming.
    package static let maxTitleLength = 200
    /// Longest room name, in characters, after trimming.
    package static let maxRoomNameLength = 100
    /// Most tags on one todo.
    package static let maxTags = 20
    /// Longest tag, in characters, after trimming.
    package static let maxTagLength = 50
    /// Longest todo note, in characters.
    package static let maxNoteLength = 2000
    /// Longest message text, in characters.
    package static let maxMessageLength = 2000
    /// Longest room search text, in characters.
    package static let maxSearchTextLength = 200
    /// Largest `metadata` object once rendered as JSON, in bytes.
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

    /// Trims `text` and checks it is neither empty nor longer than `maxLength`; returns the trimmed text.
    package mutating func trimmedText(_ text: String?, field: String, maxLength: Int) -> String? {
        guard let text else { return nil }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        require(!trimmed.isEmpty, field, "Must not be empty")
        require(trimmed.count <= maxLength, field, "Must be at most \(maxLength) characters")
        return trimmed
    }

    /// Checks `text` is at most `maxLength` characters (it is stored untrimmed).
    package mutating func length(_ text: String?, field: String, maxLength: Int) {
        guard let text else { return }
        require(text.count <= maxLength, field, "Must be at most \(maxLength) characters")
    }

    /// Trims and de-duplicates tags (first occurrence wins) after checking each one and the count.
    package mutating func tags(_ tags: [String]?, field: String = "tags") -> [String]? {
        guard let tags else { return nil }
        require(tags.count <= Self.maxTags, field, "At most \(Self.maxTags) tags")
        var result: [String] = []
        for (index, tag) in tags.enumerated() {
            let trimmed = tag.trimmingCharacters(in: .whitespacesAndNewlines)
            require(!trimmed.isEmpty, "\(field).\(index)", "Must not be empty")
            require(
                trimmed.count <= Self.maxTagLength, "\(field).\(index)",
                "Must be at most \(Self.maxTagLength) characters")
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
