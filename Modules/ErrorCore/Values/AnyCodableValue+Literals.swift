extension AnyCodableValue: ExpressibleByStringLiteral {
    /// `"text"` is ``string(_:)``.
    public init(stringLiteral value: String) {
        self = .string(value)
    }
}

extension AnyCodableValue: ExpressibleByIntegerLiteral {
    /// `42` is ``int(_:)``.
    public init(integerLiteral value: Int) {
        self = .int(value)
    }
}

extension AnyCodableValue: ExpressibleByFloatLiteral {
    /// `2.5` is ``double(_:)`` — also `2.0`, which stays a ``double(_:)`` in Swift even though
    /// decoding the JSON text `2.0` gives ``int(_:)``.
    public init(floatLiteral value: Double) {
        self = .double(value)
    }
}

extension AnyCodableValue: ExpressibleByBooleanLiteral {
    /// `true` and `false` are ``bool(_:)``.
    public init(booleanLiteral value: Bool) {
        self = .bool(value)
    }
}

extension AnyCodableValue: ExpressibleByArrayLiteral {
    /// `[1, "a", nil]` is ``array(_:)``.
    public init(arrayLiteral elements: AnyCodableValue...) {
        self = .array(elements)
    }
}

extension AnyCodableValue: ExpressibleByDictionaryLiteral {
    /// `["page": 1]` is ``object(_:)``. A key written twice keeps its last value rather than
    /// trapping.
    public init(dictionaryLiteral elements: (String, AnyCodableValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}

extension AnyCodableValue: ExpressibleByNilLiteral {
    /// `nil` is ``null`` where the type is `AnyCodableValue`. Where the type is
    /// `AnyCodableValue?`, `nil` is `Optional.none` (Swift's rule), so write `.null` there.
    public init(nilLiteral: ()) {
        self = .null
    }
}
