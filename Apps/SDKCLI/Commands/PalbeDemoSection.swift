import Emulator
import ErrorCore
import Foundation
import Palbe

extension DemoSection {
    /// Palbe against the sample backend: create, list, update with a `Nullable` clear, lock and archive
    /// todos, and meet a typed `todo_locked` error with its `retryAfter`.
    ///
    /// Runs on an emulator it starts in memory, or on `--base-url`'s emulator when given.
    public static let palbeTodos = DemoSection(title: "Palbe: typed calls to the sample backend") { context in
        if let baseURL = context.baseURL {
            let configuration = try await PalbeCLIConfiguration.emulatorConfiguration(at: baseURL)
            return try await PalbeDemo(client: client(configuration, context)).run()
        }
        var emulatorConfiguration = EmulatorConfiguration(port: 0, storage: .inMemory)
        emulatorConfiguration.palbaseHandlers = EmulatorConfiguration.standardPalbaseHandlers
        if !emulatorConfiguration.palbaseHandlers.contains(where: { $0 is SampleBackend }) {
            emulatorConfiguration.palbaseHandlers.append(SampleBackend())
        }
        let emulator = try EmulatorServer(configuration: emulatorConfiguration)
        do {
            let baseURL = try emulator.start()
            let configuration = PalbeConfiguration(
                baseURL: baseURL, apiKey: emulator.apiKey, environment: "demo",
                sealingKey: emulator.sealingPublicKeyBase64URL, requestTimeout: .seconds(10))
            let lines = try await PalbeDemo(client: client(configuration, context)).run()
            await emulator.shutdown()
            return ["embedded emulator at \(baseURL.absoluteString)"] + lines
        } catch {
            await emulator.shutdown()
            throw error
        }
    }

    private static func client(_ configuration: PalbeConfiguration, _ context: OutputContext) -> Palbe {
        Palbe(
            configuration: configuration, transport: DefaultTransport.make(),
            runtime: PalbeCLIConfiguration.runtime(for: context))
    }
}

/// The demo's script, written the way generated code calls the backend: endpoint structs with typed
/// failures.
private struct PalbeDemo {
    let client: Palbe

    func run() async throws -> [String] {
        var lines: [String] = []
        let milk = try await client.call(CreateTodo(input: .init(title: "Buy milk", note: "oat, 2 l")))
        let ship = try await client.call(CreateTodo(input: .init(title: "Ship the iOS app", note: nil)))
        lines.append("created \(milk.id) \"\(milk.title)\" (note: \(milk.note ?? "none")) and \(ship.id)")

        let listed = try await client.call(ListTodos())
        lines.append("listed \(listed.count) todos: \(listed.map(\.title).joined(separator: ", "))")

        let updated = try await client.call(UpdateTodo(id: milk.id, input: .init(completed: true, note: .null)))
        lines.append(
            "updated \(updated.id): completed=\(updated.completed), note cleared with Nullable.null "
                + "(note is now \(updated.note.map { "\"\($0)\"" } ?? "nil"))")

        let locked = try await client.call(LockTodo(id: ship.id, input: .init(seconds: 30)))
        lines.append("locked \(locked.id) for 30 s")
        do {
            _ = try await client.call(UpdateTodo(id: ship.id, input: .init(completed: true, note: nil)))
            throw CommandFailure(code: "demo_lock_ignored", message: "a locked todo accepted an update")
        } catch let error as UpdateTodoError {
            guard case .todoLocked(let info) = error else { throw error }
            lines.append("update refused with typed UpdateTodoError.todoLocked: retryAfter=\(info.retryAfter) s")
        }

        try await client.call(ArchiveTodo(id: milk.id))
        let remaining = try await client.call(ListTodos())
        lines.append("archived \(milk.id); \(remaining.count) todo left in the default list")
        return lines
    }
}

// MARK: - The types codegen would emit for the sample backend's todos

private struct DemoTodo: Codable, Sendable {
    var id: String
    var title: String
    var completed: Bool
    var note: String?
    var lockedUntil: Date?
}

private struct CreateTodoBody: Codable, Sendable {
    var title: String
    var note: String?
}

private struct UpdateTodoBody: Codable, Sendable {
    var completed: Bool?
    var note: Nullable<String>?
}

private struct LockTodoBody: Codable, Sendable {
    var seconds: Int
}

/// Every endpoint here declares nothing but `todos.update`: they all share this `.other`-only enum.
private enum TodosFailure: PBError {
    case other(BackendError)
    init(_ backend: BackendError) { self = .other(backend) }
}

private enum UpdateTodoError: PBError {
    struct TodoLockedData: Codable, Sendable {
        let retryAfter: Int
    }
    case todoLocked(TodoLockedData)
    case other(BackendError)

    init(_ backend: BackendError) {
        guard case .server(let failure) = backend, failure.code == "todo_locked",
            let data = failure.decodeData(TodoLockedData.self)
        else {
            self = .other(backend)
            return
        }
        self = .todoLocked(data)
    }
}

private struct CreateTodo: PBEndpoint {
    typealias Response = DemoTodo
    typealias Failure = TodosFailure
    let input: CreateTodoBody
    var pbRequest: PBRequest { PBRequest(.post, ["todos"], body: input) }
}

private struct ListTodos: PBEndpoint {
    typealias Response = [DemoTodo]
    typealias Failure = TodosFailure
    var pbRequest: PBRequest { PBRequest(.get, ["todos"]) }
}

private struct UpdateTodo: PBEndpoint {
    typealias Response = DemoTodo
    typealias Failure = UpdateTodoError
    let id: String
    let input: UpdateTodoBody
    var pbRequest: PBRequest { PBRequest(.patch, ["todos", .param(id)], body: input) }
}

private struct LockTodo: PBEndpoint {
    typealias Response = DemoTodo
    typealias Failure = TodosFailure
    let id: String
    let input: LockTodoBody
    var pbRequest: PBRequest { PBRequest(.post, ["todos", .param(id), "lock"], body: input) }
}

private struct ArchiveTodo: PBVoidEndpoint {
    typealias Failure = TodosFailure
    let id: String
    var pbRequest: PBRequest { PBRequest(.post, ["todos", .param(id), "archive"]) }
}
