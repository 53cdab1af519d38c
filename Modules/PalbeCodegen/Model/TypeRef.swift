/// A Swift type as generated code spells it.
indirect enum TypeRef {
    case string
    case int
    case double
    case bool
    /// `Date`, for `format: date-time`.
    case date
    /// `AnyCodableValue`, for free-form JSON.
    case anyValue
    case declaration(Declaration)
    case array(TypeRef)
    /// `[String: T]`, for `additionalProperties`.
    case dictionary(TypeRef)
    /// `T?` inside a collection (`[String?]`); a property's own optionality is decided by
    /// ``Property`` instead.
    case optional(TypeRef)

    /// The spelling, with declarations named as their own scope or a descendant sees them.
    var swift: String {
        switch self {
        case .string: "String"
        case .int: "Int"
        case .double: "Double"
        case .bool: "Bool"
        case .date: "Date"
        case .anyValue: "AnyCodableValue"
        case .declaration(let declaration): declaration.name
        case .array(let element): "[\(element.swift)]"
        case .dictionary(let value): "[String: \(value.swift)]"
        case .optional(let wrapped): wrapped.swift + "?"
        }
    }

    /// Whether the spelling mentions `Date`, so the file must import Foundation.
    var usesFoundation: Bool {
        switch self {
        case .date: true
        case .array(let inner), .dictionary(let inner), .optional(let inner): inner.usesFoundation
        case .declaration(let declaration): declaration.aliasTarget?.usesFoundation ?? false
        case .string, .int, .double, .bool, .anyValue: false
        }
    }

    /// Whether the spelling mentions `AnyCodableValue`, so the file imports the module that
    /// declares it.
    var usesValueTypes: Bool {
        switch self {
        case .anyValue: true
        case .array(let inner), .dictionary(let inner), .optional(let inner): inner.usesValueTypes
        case .declaration(let declaration): declaration.aliasTarget?.usesValueTypes ?? false
        case .string, .int, .double, .bool, .date: false
        }
    }

    /// The declaration at the core of the type, if any (`[Todo]` → `Todo`).
    var declaration: Declaration? {
        switch self {
        case .declaration(let declaration): declaration
        case .array(let inner), .dictionary(let inner), .optional(let inner): inner.declaration
        case .string, .int, .double, .bool, .date, .anyValue: nil
        }
    }

    /// Whether a value of this type is stored inline, so a struct holding it directly or in an
    /// optional grows by its size (arrays and dictionaries store their elements out of line).
    var declarationStoredInline: Declaration? {
        switch self {
        case .declaration(let declaration): declaration
        case .optional(let inner): inner.declarationStoredInline
        case .array, .dictionary, .string, .int, .double, .bool, .date, .anyValue: nil
        }
    }

    /// Whether the type is free-form JSON, which already has its own `null`.
    var isAnyValue: Bool {
        switch self {
        case .anyValue: true
        case .declaration(let declaration): declaration.aliasTarget?.isAnyValue ?? false
        default: false
        }
    }
}
