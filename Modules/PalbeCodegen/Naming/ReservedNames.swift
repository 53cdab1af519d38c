/// Names generated declarations must not take.
enum ReservedNames {
    /// Top-level type names that generated code itself spells, or that would shadow a standard
    /// type every app uses; a schema with one of these names gets `Model` appended.
    static let types: Set<String> = [
        // Swift
        "Any", "AnyObject", "Array", "Bool", "Character", "Codable", "CaseIterable", "CodingKey", "Collection",
        "Decodable", "Decoder", "DecodingError", "Dictionary", "Double", "Encodable", "Encoder", "EncodingError",
        "Equatable", "Error", "Float", "Hashable", "Identifiable", "Int", "Int8", "Int16", "Int32", "Int64",
        "Never", "Optional", "Protocol", "Range", "Result", "Self", "Sendable", "Sequence", "Set", "String",
        "Substring", "Swift", "Task", "Type", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Void", "MainActor",
        "RawRepresentable",
        // Foundation
        "Data", "Date", "Decimal", "Foundation", "JSONDecoder", "JSONEncoder", "URL", "UUID",
        // Palbe and ErrorCore
        "AnyCodableValue", "BackendError", "ErrorCore", "GeneratedFailure", "Nullable", "Palbe", "PalbaseError",
        "PBEndpoint", "PBError", "PBMethod", "PBPathSegment", "PBRequest", "PBUpload", "PBUploadConstraints",
        "PBUploadForm", "PBVoidEndpoint", "SDKError", "ServerFailure",
    ]

    /// Case names a string enum cannot have next to its `RawRepresentable` and `CaseIterable`
    /// members; they get `_` appended.
    static let enumCases: Set<String> = ["rawValue", "allCases", "hashValue"]

    /// Case names a discriminated union cannot have next to its `Codable` members.
    static let unionCases: Set<String> = ["encode", "hashValue"]

    /// Names path parameters cannot take: the method's fixed arguments and the endpoint's
    /// request property share their scope.
    static let methodArguments: Set<String> = ["input", "query", "headers", "pbRequest"]

    /// Further names an upload's path parameters cannot take: its `file:` and `progress:` arguments and
    /// the endpoint's `constraints`.
    static let uploadArguments: Set<String> = ["file", "progress", "constraints"]

    /// Header property names that would clash with the header struct's own member.
    static let headerProperties: Set<String> = ["headerFields"]
}
