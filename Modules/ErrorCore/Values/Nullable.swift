/// A field with three intentions, for PATCH bodies: leave it alone, clear it, or set it.
///
/// Declare it as an optional stored property of a struct with synthesized `Codable`:
///
/// ```swift
/// struct UpdateTodoBody: Codable, Sendable {
///     var title: String?
///     var dueAt: Nullable<Date>?
/// }
/// UpdateTodoBody(dueAt: nil)              // {}                 leave it alone
/// UpdateTodoBody(dueAt: .null)            // {"due_at":null}    clear it
/// UpdateTodoBody(dueAt: .value(date))     // {"due_at":"2025-…"} set it
/// ```
///
/// Decoding tells the three apart the same way: an absent key gives `nil`, JSON `null` gives
/// ``null``, anything else ``value(_:)``. That works with any `JSONEncoder`/`JSONDecoder` because
/// the `encodeIfPresent`/`decodeIfPresent` overloads in this module take over from the generic
/// ones synthesized code calls. A non-optional `Nullable` property is a required key whose value
/// may be `null`.
///
/// `Wrapped` should not itself be an `Optional`: JSON has only one `null`, and it decodes as
/// ``null``.
public enum Nullable<Wrapped: Codable & Sendable>: Codable, Sendable {
    /// Set the field to this value.
    case value(Wrapped)
    /// Clear the field: encodes as JSON `null`.
    case null

    /// `.value(wrapped)` for a value, ``null`` for `nil`.
    public init(_ wrapped: Wrapped?) {
        if let wrapped {
            self = .value(wrapped)
        } else {
            self = .null
        }
    }

    /// The value of ``value(_:)``, `nil` for ``null``.
    public var wrapped: Wrapped? {
        if case .value(let wrapped) = self { return wrapped }
        return nil
    }

    /// Decodes JSON `null` as ``null`` and anything else as `Wrapped`, whose errors propagate.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else {
            self = .value(try container.decode(Wrapped.self))
        }
    }

    /// Encodes ``null`` as JSON `null` and ``value(_:)`` as the wrapped value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .value(let wrapped): try container.encode(wrapped)
        case .null: try container.encodeNil()
        }
    }
}

extension Nullable: Equatable where Wrapped: Equatable {}

extension Nullable: Hashable where Wrapped: Hashable {}

extension KeyedEncodingContainer {
    /// Writes an optional ``Nullable``: `nil` omits the key, ``Nullable/null`` writes JSON `null`,
    /// ``Nullable/value(_:)`` writes the value.
    ///
    /// Synthesized `Encodable` calls `encodeIfPresent` for optional properties; this overload is
    /// more specific than the standard generic one, so it is the one chosen for
    /// `Nullable<T>?` properties.
    public mutating func encodeIfPresent<T>(_ value: Nullable<T>?, forKey key: Key) throws {
        switch value {
        case nil: return
        case .null?: try encodeNil(forKey: key)
        case .value(let wrapped)?: try encode(wrapped, forKey: key)
        }
    }
}

extension KeyedDecodingContainer {
    /// Reads an optional ``Nullable``: an absent key gives `nil`, JSON `null` gives
    /// ``Nullable/null``, any other value ``Nullable/value(_:)`` (a value of the wrong type throws
    /// the usual `DecodingError`).
    ///
    /// Synthesized `Decodable` calls `decodeIfPresent` for optional properties; the standard
    /// generic one would read `null` as `nil`, losing the difference this type exists for.
    public func decodeIfPresent<T>(_ type: Nullable<T>.Type, forKey key: Key) throws -> Nullable<T>? {
        guard contains(key) else { return nil }
        if try decodeNil(forKey: key) { return .null }
        return .value(try decode(T.self, forKey: key))
    }
}
