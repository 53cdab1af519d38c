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
        contains {
            if case .date = $0 { return true }
            return false
        }
    }

    /// Whether the spelling mentions `AnyCodableValue`, so the file imports the module that
    /// declares it.
    var usesValueTypes: Bool {
        contains {
            if case .anyValue = $0 { return true }
            return false
        }
    }

    /// Whether `matches` holds for this type or any type inside it, through typealiases too.
    /// A worklist rather than recursion: a chain of aliases can be as long as the spec.
    private func contains(where matches: (TypeRef) -> Bool) -> Bool {
        var work = [self]
        var seen: Set<ObjectIdentifier> = []
        while let type = work.popLast() {
            if matches(type) { return true }
            switch type {
            case .array(let inner), .dictionary(let inner), .optional(let inner):
                work.append(inner)
            case .declaration(let declaration):
                if let target = declaration.aliasTarget, seen.insert(ObjectIdentifier(declaration)).inserted {
                    work.append(target)
                }
            case .string, .int, .double, .bool, .date, .anyValue:
                break
            }
        }
        return false
    }

    /// The type behind any typealiases (`Metadata` → `[String: AnyCodableValue]`).
    var unaliased: TypeRef {
        var current = self
        var seen: Set<ObjectIdentifier> = []
        while case .declaration(let declaration) = current, let target = declaration.aliasTarget,
            seen.insert(ObjectIdentifier(declaration)).inserted
        {
            current = target
        }
        return current
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
        if case .anyValue = unaliased { return true }
        return false
    }
}
