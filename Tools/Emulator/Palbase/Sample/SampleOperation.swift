import EmulatorCore

/// An operation the sample backend implements, named by its `operationId` in the OpenAPI document.
///
/// The document decides where each one is served (path and method) and how its declared errors are answered;
/// this type says what the handler behind it needs from the document, so a document it cannot honour is
/// refused when it is loaded (see `SampleSpec`) instead of misbehaving on a request. An operation the
/// document declares that is not here answers 501 `not_implemented`.
package enum SampleOperation: String, Sendable, CaseIterable {
    case health = "health"
    case listTodos = "todos.list"
    case createTodo = "todos.create"
    case getTodo = "todos.get"
    case updateTodo = "todos.update"
    case deleteTodo = "todos.delete"
    case archiveTodo = "todos.archive"
    case lockTodo = "todos.lock"
    case attachToTodo = "todos.attach"
    case createRoom = "rooms.create"
    case searchRooms = "rooms.search"
    case sendMessage = "messaging.send"
    case insertDocument = "docs.insert"
    case getDocument = "docs.get"

    /// The path parameters the handler reads: its path template must name exactly these.
    package var pathParameters: Set<String> {
        switch self {
        case .getTodo, .updateTodo, .deleteTodo, .archiveTodo, .lockTodo, .attachToTodo: ["id"]
        case .insertDocument: ["collection"]
        case .getDocument: ["collection", "id"]
        case .health, .listTodos, .createTodo, .createRoom, .searchRooms, .sendMessage: []
        }
    }

    /// The declared errors the handler answers: the operation's `x-palbase-errors` must list each (it may
    /// list more), and gives each its status.
    package var raises: [SampleErrorCode] {
        switch self {
        case .health, .listTodos, .searchRooms: []
        case .createTodo: [.todoQuotaExceeded]
        case .getTodo, .lockTodo: [.todoNotFound]
        case .updateTodo, .deleteTodo, .archiveTodo: [.todoNotFound, .todoLocked]
        case .attachToTodo: [.todoNotFound, .payloadTooLarge, .unsupportedMediaType]
        case .createRoom: [.notFound, .roomLocked]
        case .sendMessage: [.notFound]
        case .insertDocument: [.collectionNotFound]
        case .getDocument: [.collectionNotFound, .documentNotFound]
        }
    }

    /// Whether the handler takes an upload, and so needs the operation's `x-palbase-upload` limits.
    package var isUpload: Bool { self == .attachToTodo }
}
