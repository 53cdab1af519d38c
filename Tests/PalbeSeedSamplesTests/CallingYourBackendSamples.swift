import Palbe
import PalbeSample  // the app's own generated client: in an app it is committed into the app's target

// The code samples of seeds/palbe-calling-your-backend.md, as written, in a file that imports only
// Palbe (and the generated code the samples call). `pb` is the screen's client, so each sample reads
// exactly as on the page; `show` and `showAlert` record what a user would see.
//
// One deviation: the page's typed-throws sample switches over `.other` alone, for an endpoint that
// declares no errors; the sample backend's `todos.get` declares `todo_not_found`, so the switch
// handles that case too.

/// A screen of a to-do app, written the way the page writes its samples.
@MainActor final class TodoScreen {
    let pb: PalbeClient
    private(set) var shown: [String] = []
    private(set) var alerts: [String] = []

    init(pb: PalbeClient) {
        self.pb = pb
    }

    func show(_ todo: TodosGetResponse) { shown.append(todo.title) }
    func showAlert(_ message: String) { alerts.append(message) }

    /// "Quick example": one method per endpoint.
    func quickExample() async throws -> (listed: Int, updated: Bool) {
        let todos = try await pb.todos.list()
        let created = try await pb.todos.create(.init(title: "Ship the iOS app"))
        let one = try await pb.todos.get(id: created.id)
        let updated = try await pb.todos.update(id: created.id, .init(completed: true))
        try await pb.todos.delete(id: created.id)
        _ = one
        return (todos.count, updated.completed)
    }

    /// "Typed throws": the error in `catch` is already `TodosGetError`.
    func typedThrows(id: String) async {
        do {
            let todo = try await pb.todos.get(id: id)
            show(todo)
        } catch {
            // error is a TodosGetError — no `as?` needed
            switch error {
            case .todoNotFound:
                showAlert("That todo is gone.")
            case .other(let backend):
                showAlert(backend.localizedDescription)
            }
        }
    }

    /// "The pb.call escape hatch".
    func escapeHatch() async throws -> (todo: Todo, list: [Todo]) {
        let todo: Todo = try await pb.call("todos", CreateTodoInput(title: "Try Palbase"))
        let list: [Todo] = try await pb.call("todos", method: .get)
        return (todo, list)
    }

    /// "Hand-rolling a request".
    func handRolled(todo: Todo) async throws {
        try await pb.call(ArchiveTodo(id: todo.id))
    }

    /// "The request ID, for support".
    func requestIDForSupport() async -> String? {
        let requestId = await PalbeCorrelation.shared.lastRequestID
        // e.g. "req_0d5e7c3a-…" — quote this when reporting an issue
        return requestId
    }
}

extension TodoScreen {
    /// The page's hand-rolled input type for `pb.call`.
    struct CreateTodoInput: Encodable, Sendable { let title: String }

    /// The page's hand-rolled response type: camelCase properties, no snake_case `CodingKeys`.
    struct Todo: Decodable, Sendable {
        let id: String
        let title: String
        let completed: Bool
        let createdAt: String  // wire key `created_at` — no CodingKeys needed
    }

    /// The page's hand-built endpoint.
    struct ArchiveTodo: PBVoidEndpoint {
        typealias Failure = TodosArchiveError
        let id: String
        var pbRequest: PBRequest { PBRequest(.post, ["todos", .param(id), "archive"]) }
    }
}

/// "Nullable<T> — the three-way PATCH field" and "AnyCodableValue — open-ended JSON": the value
/// types an app names with `import Palbe` alone.
enum ValueSamples {
    static let leaveAlone: Nullable<String>? = nil
    static let clear: Nullable<String>? = .null
    static let set: Nullable<String>? = .value("oat")
    static let fromOptional = Nullable<String>(nil)

    static let details: AnyCodableValue = .object([
        "current_epoch": .int(3), "labels": .array([.string("a"), .bool(true), .double(1.5)]), "gone": .null,
    ])
}
