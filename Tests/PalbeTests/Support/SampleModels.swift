import ErrorCore
import Foundation
import Palbe

// The sample backend's types and one operation written exactly as PalbeCodegen emits them, so the
// tests exercise the shapes generated code has: camelCase properties without CodingKeys, Nullable
// for three-way PATCH fields, a namespace struct, an endpoint struct and a typed error enum.

struct Todo: Codable, Sendable, Equatable {
    var id: String
    var title: String
    var completed: Bool
    var tags: [String]
    var note: String?
    var dueDate: Date?
    var createdAt: Date
    var updatedAt: Date
    var lockedUntil: Date?
    var archivedAt: Date?
}

struct CreateTodoInput: Codable, Sendable, Equatable {
    var title: String
    var tags: [String]?
    var note: String?
    var dueDate: Date?
}

struct UpdateTodoInput: Codable, Sendable {
    var title: String?
    var completed: Bool?
    var note: Nullable<String>?
}

struct ListTodosQuery: Codable, Sendable {
    var page: Int?
    var perPage: Int?
    var completed: Bool?
    var tags: [String]?
}

struct LockTodoInput: Codable, Sendable {
    var seconds: Int
}

struct SearchRoomsInput: Codable, Sendable {
    var text: String?
    var limit: Int?
}

struct RoomSearchResult: Codable, Sendable {
    var rooms: [AnyCodableValue]
    var total: Int
}

public nonisolated enum TodosUpdateError: PBError {
    public nonisolated struct TodoLockedData: Codable, Sendable {
        public let retryAfter: Int
    }
    case todoNotFound
    case todoLocked(TodoLockedData)
    case other(BackendError)
    public nonisolated init(_ backend: BackendError) {
        guard case .server(let f) = backend else {
            self = .other(backend)
            return
        }
        switch f.code {
        case "todo_not_found": self = .todoNotFound
        case "todo_locked":
            if let data = f.decodeData(TodoLockedData.self) { self = .todoLocked(data) } else { self = .other(backend) }
        default: self = .other(backend)
        }
    }
}

public nonisolated enum TodosCreateError: PBError {
    public nonisolated struct TodoQuotaExceededData: Codable, Sendable {
        public let limit: Int
    }
    case todoQuotaExceeded(TodoQuotaExceededData)
    case other(BackendError)
    public nonisolated init(_ backend: BackendError) {
        guard case .server(let f) = backend, f.code == "todo_quota_exceeded",
            let data = f.decodeData(TodoQuotaExceededData.self)
        else {
            self = .other(backend)
            return
        }
        self = .todoQuotaExceeded(data)
    }
}

/// An endpoint with no declared errors: only `.other`.
public nonisolated enum TodosArchiveError: PBError {
    case other(BackendError)
    public nonisolated init(_ backend: BackendError) { self = .other(backend) }
}

struct TodosCreateEndpoint: PBEndpoint {
    typealias Response = Todo
    typealias Failure = TodosCreateError
    let input: CreateTodoInput
    var headers: [String: String] = [:]
    var pbRequest: PBRequest { PBRequest(.post, ["todos"], body: input, headers: headers) }
}

struct TodosListEndpoint: PBEndpoint {
    typealias Response = [Todo]
    typealias Failure = TodosArchiveError
    let query: ListTodosQuery
    var pbRequest: PBRequest { PBRequest(.get, ["todos"], query: query) }
}

struct TodosUpdateEndpoint: PBEndpoint {
    typealias Response = Todo
    typealias Failure = TodosUpdateError
    let id: String
    let input: UpdateTodoInput
    var pbRequest: PBRequest { PBRequest(.patch, ["todos", .param(id)], body: input) }
}

struct TodosArchiveEndpoint: PBVoidEndpoint {
    typealias Failure = TodosArchiveError
    let id: String
    var pbRequest: PBRequest { PBRequest(.post, ["todos", .param(id), "archive"]) }
}

struct RoomsSearchEndpoint: PBEndpoint {
    typealias Response = RoomSearchResult
    typealias Failure = TodosArchiveError
    let input: SearchRoomsInput
    var pbRequest: PBRequest { PBRequest(.query, ["rooms", "search"], body: input) }
}

struct TodosNamespace: Sendable {
    let client: PalbeClient

    func create(_ input: CreateTodoInput, headers: [String: String] = [:]) async throws(TodosCreateError) -> Todo {
        try await client.call(TodosCreateEndpoint(input: input, headers: headers))
    }

    func update(id: String, _ input: UpdateTodoInput) async throws(TodosUpdateError) -> Todo {
        try await client.call(TodosUpdateEndpoint(id: id, input: input))
    }

    func archive(id: String) async throws(TodosArchiveError) {
        try await client.call(TodosArchiveEndpoint(id: id))
    }
}

extension PalbeClient {
    var todos: TodosNamespace { TodosNamespace(client: self) }
}
