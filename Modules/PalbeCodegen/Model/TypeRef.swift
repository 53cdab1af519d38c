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
    var usesFoundation: Bool { imports.contains(.foundation) }

    /// Whether the spelling mentions `AnyCodableValue`, so the file imports the module that
    /// declares it.
    var usesValueTypes: Bool { imports.contains(.valueTypes) }

    /// What the spelling needs imported, through typealiases too.
    ///
    /// A type is one chain: wrappers (`[…]`, `[String: …]`, `…?`) and typealiases down to a single
    /// leaf. The walk is a loop, not recursion (a chain of aliases can be as long as the spec), and
    /// every typealias on it remembers the answer, so emitting each of a long chain's aliases walks
    /// the chain once in all rather than once per alias.
    var imports: TypeImports {
        var current = self
        var aliases: [Declaration] = []
        var seen: Set<ObjectIdentifier> = []
        var found: TypeImports = []
        walk: while true {
            switch current {
            case .array(let inner), .dictionary(let inner), .optional(let inner):
                current = inner
            case .date:
                found = .foundation
                break walk
            case .anyValue:
                found = .valueTypes
                break walk
            case .string, .int, .double, .bool:
                break walk
            case .declaration(let declaration):
                if let known = declaration.aliasImports {
                    found = known
                    break walk
                }
                guard let target = declaration.aliasTarget, seen.insert(ObjectIdentifier(declaration)).inserted else {
                    break walk
                }
                aliases.append(declaration)
                current = target
            }
        }
        for alias in aliases { alias.aliasImports = found }
        return found
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
