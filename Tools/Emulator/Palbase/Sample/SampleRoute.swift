import EmulatorCore

/// One operation of the sample backend, matched from a method and the percent-decoded path segments.
///
/// Path parameters are whole decoded segments, so `/todos/..%2F..` is the todo id `../..` (which then
/// simply does not exist) and can never climb out of its route.
package enum SampleRoute: Sendable, Equatable {
    case health
    case openAPIDocument
    case listTodos
    case createTodo
    case getTodo(id: String)
    case updateTodo(id: String)
    case deleteTodo(id: String)
    case archiveTodo(id: String)
    case lockTodo(id: String)
    case attachToTodo(id: String)
    case createRoom
    case searchRooms
    case sendMessage
    case insertDocument(collection: String)
    case getDocument(collection: String, id: String)

    /// The route for `method` at `segments`; nil when the path is not one of the sample backend's.
    ///
    /// Throws 405 `method_not_allowed` (with `Allow`) when the path is known but the method is not.
    package static func match(method: String, segments: [String]) throws -> SampleRoute? {
        guard let methods = routes(for: segments) else { return nil }
        if let route = methods[method] { return route }
        throw SampleErrors.methodNotAllowed(allowed: methods.keys.sorted())
    }

    /// The routes at one path, by method.
    private static func routes(for segments: [String]) -> [String: SampleRoute]? {
        switch segments.count {
        case 1:
            switch segments[0] {
            case "health": return ["GET": .health]
            case "openapi.json": return ["GET": .openAPIDocument]
            case "todos": return ["GET": .listTodos, "POST": .createTodo]
            case "rooms": return ["POST": .createRoom]
            case "messages": return ["POST": .sendMessage]
            default: return nil
            }
        case 2:
            switch segments[0] {
            case "todos":
                let id = segments[1]
                return ["GET": .getTodo(id: id), "PATCH": .updateTodo(id: id), "DELETE": .deleteTodo(id: id)]
            case "rooms" where segments[1] == "search":
                return ["QUERY": .searchRooms]
            default: return nil
            }
        case 3:
            if segments[0] == "todos" && segments[2] == "archive" { return ["POST": .archiveTodo(id: segments[1])] }
            if segments[0] == "todos" && segments[2] == "lock" { return ["POST": .lockTodo(id: segments[1])] }
            if segments[0] == "todos" && segments[2] == "attachment" {
                return ["POST": .attachToTodo(id: segments[1])]
            }
            if segments[0] == "v1" && segments[1] == "docs" {
                return ["POST": .insertDocument(collection: segments[2])]
            }
            return nil
        case 4:
            guard segments[0] == "v1", segments[1] == "docs" else { return nil }
            return ["GET": .getDocument(collection: segments[2], id: segments[3])]
        default:
            return nil
        }
    }
}
