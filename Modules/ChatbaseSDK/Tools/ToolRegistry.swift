import ErrorCore

/// The client's tool handlers by name; safe to change while a reply is running (a reply looks each
/// handler up when the agent asks for it).
final class ToolRegistry: Sendable {
    private let handlers = Locked<[String: ToolHandler]>([:])

    func register(_ name: String, handler: @escaping ToolHandler) {
        handlers.withLock { $0[name] = handler }
    }

    func remove(_ name: String) {
        _ = handlers.withLock { $0.removeValue(forKey: name) }
    }

    func handler(named name: String) -> ToolHandler? {
        handlers.withLock { $0[name] }
    }
}
