import Emulator
import ErrorCore
import Foundation
import Palbe
import PalbeSample
import SDKTransport

extension DemoSection {
    /// Palbe against the sample backend: create, list, update with a `Nullable` clear, lock, attach a file
    /// to and archive todos, and meet a typed `todo_locked` error with its `retryAfter`.
    ///
    /// Runs on an emulator it starts in memory, or on `--base-url`'s emulator when given.
    package static let palbeTodos = DemoSection(title: "Palbe: typed calls to the sample backend") { context in
        try await withDemoEmulator(context) { configuration in
            try await PalbeDemo(client: client(configuration, context)).run()
        }
    }

    private static func client(_ configuration: PalbeConfiguration, _ context: OutputContext) -> PalbeClient {
        PalbeClient(
            configuration: configuration, transport: DefaultTransport.make(),
            runtime: PalbeCLIConfiguration.runtime(for: context))
    }
}

/// The demo's script, written with the client `sdk palbe codegen` generates for the sample backend
/// (`PalbeSample`): namespaced methods with typed failures.
private struct PalbeDemo {
    let client: PalbeClient

    func run() async throws -> [String] {
        var lines: [String] = []
        let todos = client.todos
        let milk = try await todos.create(.init(note: .value("oat, 2 l"), title: "Buy milk"))
        let ship = try await todos.create(.init(title: "Ship the iOS app"))
        lines.append("created \(milk.id) \"\(milk.title)\" (note: \(milk.note ?? "none")) and \(ship.id)")

        let listed = try await todos.list()
        lines.append("listed \(listed.count) todos: \(listed.map(\.title).joined(separator: ", "))")

        let updated = try await todos.update(id: milk.id, .init(completed: true, note: .null))
        lines.append(
            "updated \(updated.id): completed=\(updated.completed), note cleared with Nullable.null "
                + "(note is now \(updated.note.map { "\"\($0)\"" } ?? "nil"))")

        _ = try await todos.lock(id: ship.id, .init(seconds: 30))
        lines.append("locked \(ship.id) for 30 s")
        // Only todoLocked is caught here; any other failure ends the section with its own error.
        var refused = false
        do throws(TodosUpdateError) {
            _ = try await todos.update(id: ship.id, .init(completed: true))
        } catch {
            guard case .todoLocked(let info) = error else { throw error }
            refused = true
            lines.append("update refused with typed TodosUpdateError.todoLocked: retryAfter=\(info.retryAfter) s")
        }
        guard refused else {
            throw CommandFailure(code: "demo_lock_ignored", message: "a locked todo accepted an update")
        }

        let attachment = try await attachDemoFile(to: milk.id)
        lines.append(
            "attached \(attachment.filename) to \(milk.id) through the generated todos.attach upload: "
                + "\(attachment.size) bytes, sha256 \(attachment.sha256.prefix(12))…")

        try await todos.archive(id: milk.id)
        let remaining = try await todos.list()
        lines.append("archived \(milk.id); \(remaining.count) todo left in the default list")
        return lines
    }

    /// Uploads a small PDF written to a temporary file, streamed from disk like any file upload.
    private func attachDemoFile(to id: String) async throws -> Attachment {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("sdk-demo-\(UUID().uuidString).pdf")
        try Data("%PDF-1.4\n% a receipt for the milk\n%%EOF\n".utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        return try await client.todos.attach(
            id: id, file: .file(url, filename: "receipt.pdf", contentType: "application/pdf"), .init(caption: "receipt")
        )
    }
}
