import ErrorCore

/// An object's members by decoded key: converted from snake_case when asked, the first member in document
/// order winning when two convert to the same key (as in `JSONDecoder`).
struct ExactJSONKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: ExactJSONValueDecoder
    private let members: [String: ExactJSON]

    init(object: ExactJSONObject, decoder: ExactJSONValueDecoder) {
        self.decoder = decoder
        var members: [String: ExactJSON] = [:]
        for (key, value) in object.entries {
            let converted =
                decoder.keyDecoding == .convertFromSnakeCase ? ExactJSONDecoder.convertFromSnakeCase(key) : key
            if members[converted] == nil { members[converted] = value }
        }
        self.members = members
    }

    var codingPath: [any CodingKey] { decoder.codingPath }
    var allKeys: [Key] { members.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

    func decodeNil(forKey key: Key) throws -> Bool {
        try member(key) == .null
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try value(key).decode(type)
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try value(key).decode(type) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try value(key).decode(type) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try value(key).decode(type) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try value(key).decode(type) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try value(key).decode(type) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try value(key).decode(type) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try value(key).decode(type) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try value(key).decode(type) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try value(key).decode(type) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try value(key).decode(type) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try value(key).decode(type) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try value(key).decode(type) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try value(key).decode(type) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try value(key).decode(type) }

    /// Absent and `null` are both nil, as in `JSONDecoder`.
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let value = members[key.stringValue], value != .null else { return nil }
        return try decoder.descending(to: value, key: key).decode(type)
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try decoder.descending(to: try member(key), key: key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try decoder.descending(to: try member(key), key: key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        decoder.descending(to: members["super"] ?? .null, key: ExactJSONKey("super"))
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        decoder.descending(to: members[key.stringValue] ?? .null, key: key)
    }

    private func value(_ key: Key) throws -> ExactJSONValueDecoder {
        decoder.descending(to: try member(key), key: key)
    }

    private func member(_ key: Key) throws -> ExactJSON {
        guard let value = members[key.stringValue] else {
            throw DecodingError.keyNotFound(
                key, .init(codingPath: codingPath, debugDescription: "No value associated with key \(key.stringValue)"))
        }
        return value
    }
}

/// An array's elements, in order; each is decoded at the path `Index <n>`, as `JSONDecoder` names it.
struct ExactJSONUnkeyedContainer: UnkeyedDecodingContainer {
    let elements: [ExactJSON]
    let decoder: ExactJSONValueDecoder
    private(set) var currentIndex = 0

    init(elements: [ExactJSON], decoder: ExactJSONValueDecoder) {
        self.elements = elements
        self.decoder = decoder
    }

    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    mutating func decodeNil() throws -> Bool {
        guard try next(Never.self).value == .null else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try decodeNext(type) { try $0.decode(type) } }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try decodeNext(type) { try $0.decode(type) } }
    mutating func decode(_ type: String.Type) throws -> String { try decodeNext(type) { try $0.decode(type) } }
    mutating func decode(_ type: Double.Type) throws -> Double { try decodeNext(type) { try $0.decode(type) } }
    mutating func decode(_ type: Float.Type) throws -> Float { try decodeNext(type) { try $0.decode(type) } }
    mutating func decode(_ type: Int.Type) throws -> Int { try decodeNext(type) { try $0.decode(type) } }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try decodeNext(type) { try $0.decode(type) } }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try decodeNext(type) { try $0.decode(type) } }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try decodeNext(type) { try $0.decode(type) } }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try decodeNext(type) { try $0.decode(type) } }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try decodeNext(type) { try $0.decode(type) } }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try decodeNext(type) { try $0.decode(type) } }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try decodeNext(type) { try $0.decode(type) } }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try decodeNext(type) { try $0.decode(type) } }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try decodeNext(type) { try $0.decode(type) } }

    /// Reads the element at `currentIndex` with `read`, then moves past it.
    private mutating func decodeNext<T>(_ type: Any.Type, _ read: (ExactJSONValueDecoder) throws -> T) throws -> T {
        let value = try read(try next(type))
        currentIndex += 1
        return value
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try decodeNext([String: Any].self) { try $0.container(keyedBy: type) }
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try decodeNext([Any].self) { try $0.unkeyedContainer() }
    }

    mutating func superDecoder() throws -> any Decoder {
        try decodeNext(Any.self) { $0 }
    }

    /// A decoder for the element at `currentIndex`; `valueNotFound` past the end.
    private func next(_ type: Any.Type) throws -> ExactJSONValueDecoder {
        let key = ExactJSONKey(index: currentIndex)
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                type, .init(codingPath: codingPath + [key], debugDescription: "Unkeyed container is at end."))
        }
        return decoder.descending(to: elements[currentIndex], key: key)
    }
}

/// A coding key for a dictionary member or an array index (`Index 2`, as `JSONDecoder` spells it).
struct ExactJSONKey: CodingKey {
    let stringValue: String
    let intValue: Int?

    init(_ string: String) {
        stringValue = string
        intValue = nil
    }

    init(index: Int) {
        stringValue = "Index \(index)"
        intValue = index
    }

    init?(stringValue: String) { self.init(stringValue) }
    init?(intValue: Int) { self.init(index: intValue) }
}
