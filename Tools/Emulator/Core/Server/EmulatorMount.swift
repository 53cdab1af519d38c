import Foundation

/// A path prefix and what answers under it.
package struct EmulatorMount: Sendable {
    /// The raw path prefix without a trailing slash, e.g. `/api/sdk`; `/` for the backend answering everything
    /// no other mount covers (Palbase).
    package let prefix: String
    /// The error shape for platform-made errors under the prefix.
    package let errorShape: EmulatorErrorShape
    /// The service, or nil for a reserved prefix whose service is not mounted yet (it answers 404).
    package let service: (any EmulatorMountable)?

    /// A prefix answered by `service`.
    package init(_ service: any EmulatorMountable, at prefix: String) {
        self.prefix = Self.normalized(prefix)
        errorShape = service.errorShape
        self.service = service
    }

    /// A reserved prefix with no service: every request gets 404 in `errorShape`.
    package init(reserved prefix: String, errorShape: EmulatorErrorShape) {
        self.prefix = Self.normalized(prefix)
        self.errorShape = errorShape
        service = nil
    }

    /// Chatbase's and Purse's prefixes, reserved until their services are mounted.
    package static let reservedDefaults: [EmulatorMount] = [
        EmulatorMount(reserved: "/api/sdk", errorShape: .chatbase),
        EmulatorMount(reserved: "/purse", errorShape: .purse),
    ]

    /// True when `path` is the prefix itself or below it (segment boundary: `/pursex` is not under `/purse`);
    /// `/` covers every path.
    package func covers(_ path: String) -> Bool {
        prefix == "/" || path == prefix || path.hasPrefix(prefix + "/")
    }

    /// The raw path below the prefix, starting with `/` (the whole path under `/`).
    package func subpath(of path: String) -> String {
        guard prefix != "/" else { return path }
        let subpath = String(path.dropFirst(prefix.count))
        return subpath.isEmpty ? "/" : subpath
    }

    private static func normalized(_ prefix: String) -> String {
        var prefix = prefix.hasPrefix("/") ? prefix : "/" + prefix
        while prefix.count > 1, prefix.hasSuffix("/") { prefix.removeLast() }
        return prefix
    }
}
