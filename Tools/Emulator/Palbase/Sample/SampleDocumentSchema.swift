import EmulatorCore
import ErrorCore

/// The schema a documents collection enforces on `POST /v1/docs/{collection}`: a flat object of typed
/// fields, checked in full so every problem comes back at once as `schema_validation_failed` details.
///
/// The sample backend's collections are read from the OpenAPI document (a schema marked
/// `x-palbase-collection`, see `init(jsonSchema:)`); tests may build one directly.
package struct SampleDocumentSchema: Sendable, Equatable {
    /// What one field may hold.
    package enum FieldType: Sendable, Equatable {
        /// A string of `minLength...maxLength` characters.
        case string(minLength: Int, maxLength: Int)
        /// `true` or `false`.
        case boolean
        /// Any JSON number.
        case number
        /// At most `maxItems` strings of `itemMinLength...itemMaxLength` characters.
        case stringArray(maxItems: Int, itemMinLength: Int = 1, itemMaxLength: Int)
    }

    /// One field of the document.
    package struct Field: Sendable, Equatable {
        /// The key in the document.
        package var name: String
        /// What it may hold.
        package var type: FieldType
        /// Whether the document must have it.
        package var isRequired: Bool

        /// Creates a field.
        package init(_ name: String, _ type: FieldType, required: Bool = false) {
            self.name = name
            self.type = type
            isRequired = required
        }
    }

    /// The fields, in the order problems are reported.
    package var fields: [Field]
    /// Whether keys not in `fields` are allowed (otherwise each is reported as unknown).
    package var allowsUnknownFields: Bool

    /// Creates a schema.
    package init(fields: [Field], allowsUnknownFields: Bool = false) {
        self.fields = fields
        self.allowsUnknownFields = allowsUnknownFields
    }

    /// Every problem with `document`, in field order, then unknown keys alphabetically; empty when valid.
    package func problems(in document: AnyCodableValue) -> [SampleFieldIssue] {
        guard case .object(let members) = document else {
            return [SampleFieldIssue(field: "", message: "Expected object, received \(document.kindName)")]
        }
        var issues: [SampleFieldIssue] = []
        for field in fields {
            guard let value = members[field.name] else {
                if field.isRequired { issues.append(SampleFieldIssue(field: field.name, message: "Required")) }
                continue
            }
            issues += Self.problems(in: value, field: field.name, type: field.type)
        }
        if !allowsUnknownFields {
            let known = Set(fields.map(\.name))
            for key in members.keys.sorted() where !known.contains(key) {
                issues.append(SampleFieldIssue(field: key, message: "Unknown field"))
            }
        }
        return issues
    }

    private static func problems(in value: AnyCodableValue, field: String, type: FieldType) -> [SampleFieldIssue] {
        func issue(_ message: String, _ path: String = field) -> [SampleFieldIssue] {
            [SampleFieldIssue(field: path, message: message)]
        }
        func mismatch(_ expected: String, _ value: AnyCodableValue, _ path: String = field) -> [SampleFieldIssue] {
            issue("Expected \(expected), received \(value.kindName)", path)
        }
        switch (type, value) {
        case (.string(let minLength, let maxLength), .string(let string)):
            if string.count < minLength { return issue("Must be at least \(minLength) characters") }
            if string.count > maxLength { return issue("Must be at most \(maxLength) characters") }
            return []
        case (.string, _): return mismatch("string", value)
        case (.boolean, .bool): return []
        case (.boolean, _): return mismatch("boolean", value)
        case (.number, .int), (.number, .double): return []
        case (.number, _): return mismatch("number", value)
        case (.stringArray(let maxItems, let itemMinLength, let itemMaxLength), .array(let items)):
            var issues = items.count > maxItems ? issue("At most \(maxItems) items") : []
            for (index, item) in items.enumerated() {
                let path = "\(field).\(index)"
                guard case .string(let string) = item else {
                    issues += mismatch("string", item, path)
                    continue
                }
                if string.count < itemMinLength || string.count > itemMaxLength {
                    issues += issue("Must be \(itemMinLength) to \(itemMaxLength) characters", path)
                }
            }
            return issues
        case (.stringArray, _): return mismatch("array", value)
        }
    }
}
