import Foundation

/// An Apple platform version, `major.minor`.
struct PlatformVersion: Comparable, CustomStringConvertible {
    var major: Int
    var minor: Int

    static func < (lhs: Self, rhs: Self) -> Bool { (lhs.major, lhs.minor) < (rhs.major, rhs.minor) }

    var description: String { "\(major).\(minor)" }

    /// `18`, `17.4`, `14.4.1` (the patch is ignored).
    init?(_ text: some StringProtocol) {
        let parts = text.split(separator: ".")
        guard let major = parts.first.flatMap({ Int($0) }) else { return nil }
        self.major = major
        minor = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
    }

    init(major: Int, minor: Int) {
        self.major = major
        self.minor = minor
    }
}

/// The two platforms the package supports, and their floors.
enum Platform: String, CaseIterable {
    case iOS, macOS

    /// The oldest system the SDKs support.
    var floor: PlatformVersion {
        switch self {
        case .iOS: PlatformVersion(major: 17, minor: 0)
        case .macOS: PlatformVersion(major: 14, minor: 0)
        }
    }
}

/// What one platform says of a declaration: newer than the floor, or not there at all.
enum Restriction: Equatable {
    case introduced(PlatformVersion)
    case unavailable

    var description: String {
        switch self {
        case .introduced(let version): "\(version)"
        case .unavailable: "unavailable"
        }
    }
}

/// A declaration that a client supporting iOS 17 / macOS 14 may not use unguarded.
struct GatedSymbol {
    /// `Task.immediate(name:priority:executorPreference:operation:)`.
    let title: String
    /// `immediate`.
    let baseName: String
    /// `Task`, or nil at the top level.
    let parent: String?
    let module: String
    /// The platforms it is restricted on.
    let restrictions: [Platform: Restriction]

    /// `iOS 26.0 / macOS 26.0`, `unavailable on iOS`.
    var requirement: String {
        let introduced = Platform.allCases.compactMap { platform -> String? in
            guard case .introduced(let version) = restrictions[platform] else { return nil }
            return "\(platform.rawValue) \(version)"
        }
        let unavailable = Platform.allCases.filter { restrictions[$0] == .unavailable }.map(\.rawValue)
        return (introduced + (unavailable.isEmpty ? [] : ["unavailable on " + unavailable.joined(separator: " and ")]))
            .joined(separator: " / ")
    }
}

/// The toolchain's (and the stubs') declarations by base name, read from their symbol graphs.
struct SymbolIndex {
    /// Gated declarations by base name.
    private(set) var gated: [String: [GatedSymbol]] = [:]
    /// Base names that some declaration carries without a restriction: uses of these are matched only
    /// when qualified by a gated declaration's parent type.
    private(set) var unrestricted: Set<String> = []
    /// Every initializer by its type's name, with its argument labels (`_` for none): a call
    /// `String(validating: x, as: UTF8.self)` names no base name, only the type and the labels.
    private(set) var initializers: [String: [Initializer]] = [:]

    /// One initializer of a type: its labels, and its symbol when it is gated (`nil` when unrestricted).
    struct Initializer {
        let labels: [String]
        let gated: GatedSymbol?
    }

    /// Adds every symbol graph file in `directory`, `module`'s.
    mutating func add(graphsIn directory: URL, module: String) throws {
        let files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
        for file in files where file.pathExtension == "json" {
            // `A.symbols.json` is A's own; `A@B.symbols.json` holds A's extensions of B's types.
            let name = file.lastPathComponent.prefix { $0 != "." && $0 != "@" }
            try add(graph: Data(contentsOf: file), module: name.isEmpty ? module : String(name))
        }
    }

    /// Adds one symbol graph (the JSON `swift-symbolgraph-extract` writes) of `module`.
    mutating func add(graph data: Data, module: String) throws {
        guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let symbols = root["symbols"] as? [[String: Any]]
        else { return }
        // Members inherit what their parent type says of a platform they say nothing of.
        var restrictionsByID: [String: [Platform: Restriction]] = [:]
        for symbol in symbols {
            guard let id = (symbol["identifier"] as? [String: Any])?["precise"] as? String else { continue }
            restrictionsByID[id] = Self.restrictions(symbol["availability"] as? [[String: Any]] ?? [])
        }
        var parentOf: [String: String] = [:]
        for relationship in root["relationships"] as? [[String: Any]] ?? [] {
            guard relationship["kind"] as? String == "memberOf", let source = relationship["source"] as? String,
                let target = relationship["target"] as? String
            else { continue }
            parentOf[source] = target
        }
        for symbol in symbols {
            guard let id = (symbol["identifier"] as? [String: Any])?["precise"] as? String,
                let path = symbol["pathComponents"] as? [String], let last = path.last
            else { continue }
            var restrictions = restrictionsByID[id] ?? [:]
            var ancestor = parentOf[id]
            while let parentID = ancestor {
                for (platform, restriction) in restrictionsByID[parentID] ?? [:] where restrictions[platform] == nil {
                    restrictions[platform] = restriction
                }
                ancestor = parentOf[parentID]
            }
            let baseName = String(last.prefix { $0 != "(" && $0 != "<" })
            guard !baseName.isEmpty else { continue }
            let symbol =
                restrictions.isEmpty
                ? nil
                : GatedSymbol(
                    title: path.joined(separator: "."), baseName: baseName,
                    parent: path.count > 1 ? path[path.count - 2] : nil, module: module,
                    restrictions: restrictions)
            if baseName == "init", path.count > 1, let labels = Self.labels(of: last) {
                initializers[path[path.count - 2], default: []].append(Initializer(labels: labels, gated: symbol))
            }
            if let symbol {
                gated[baseName, default: []].append(symbol)
            } else {
                unrestricted.insert(baseName)
            }
        }
    }

    /// `["validating", "as"]` for `init(validating:as:)`, `[]` for `init()`; nil for a name that is not
    /// a call signature (`init<T>` without parentheses).
    static func labels(of name: String) -> [String]? {
        guard let open = name.firstIndex(of: "("), name.last == ")" else { return nil }
        let inside = name[name.index(after: open)..<name.index(before: name.endIndex)]
        return inside.split(separator: ":", omittingEmptySubsequences: true).map(String.init)
    }

    /// Marks names declared by the scanned sources themselves as unrestricted.
    mutating func addUnrestricted(_ names: Set<String>) {
        unrestricted.formUnion(names)
    }

    /// What a symbol's `availability` entries restrict on iOS and macOS (nothing at or below the floor).
    private static func restrictions(_ entries: [[String: Any]]) -> [Platform: Restriction] {
        var restrictions: [Platform: Restriction] = [:]
        for entry in entries {
            guard let domain = entry["domain"] as? String, let platform = Platform(rawValue: domain) else { continue }
            if entry["isUnconditionallyUnavailable"] as? Bool == true {
                restrictions[platform] = .unavailable
            } else if let obsoleted = version(entry["obsoleted"]), obsoleted <= platform.floor {
                restrictions[platform] = .unavailable
            } else if let introduced = version(entry["introduced"]), introduced > platform.floor {
                restrictions[platform] = .introduced(introduced)
            }
        }
        return restrictions
    }

    private static func version(_ value: Any?) -> PlatformVersion? {
        guard let object = value as? [String: Any], let major = object["major"] as? Int else { return nil }
        return PlatformVersion(major: major, minor: object["minor"] as? Int ?? 0)
    }
}
