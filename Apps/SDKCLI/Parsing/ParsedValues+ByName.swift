import Foundation

// The string-keyed reads the commands and tests used before typed parameters; removed once the last
// of them reads its values through its declarations.
extension ParsedValues {
    package func flag(_ name: String) -> Bool { words[name] != nil }
    package func string(_ name: String) -> String? { words[name]?.last }
    package func strings(_ name: String) -> [String] { words[name] ?? [] }
    package func int(_ name: String) -> Int? { string(name).flatMap { Int($0) } }
    package func keyValues(_ name: String) -> [KeyValue] { strings(name).compactMap { KeyValue($0) } }
    package func contains(_ name: String) -> Bool { words[name] != nil }
}
