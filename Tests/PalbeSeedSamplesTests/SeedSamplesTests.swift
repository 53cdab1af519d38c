import Emulator
import Foundation
import Palbe
import PalbeSample
import Testing

/// The seed samples compile with one import; these run them against the emulator, so each does what
/// the page says it does. `PalbeCorrelation.shared` (the request ID a sample reads) is process-wide, as
/// in an app; ``withSampleBackend(isolation:_:)`` gives each test a record of its own, so these run in
/// parallel with every other suite.
@Suite struct SeedSamplesTests {
    @Test @MainActor func callingYourBackendSamplesRunAsThePageSays() async throws {
        try await withSampleBackend { pb, emulator in
            let screen = TodoScreen(pb: pb)
            let quick = try await screen.quickExample()
            #expect(quick.listed == 0)
            #expect(quick.updated)

            let (todo, list) = try await screen.escapeHatch()
            #expect(todo.title == "Try Palbase")
            #expect(!todo.completed)
            #expect(todo.createdAt.hasSuffix("Z"))
            #expect(list.map(\.id) == [todo.id])

            try await screen.handRolled(todo: todo)
            let archive = try #require(try emulator.recentRequests(limit: 100).last)
            #expect(archive.method == "POST")
            #expect(archive.path == "/todos/\(todo.id)/archive")
            #expect(await screen.requestIDForSupport() == archive.requestID)

            await screen.typedThrows(id: todo.id)
            await screen.typedThrows(id: "missing")
            #expect(screen.shown == ["Try Palbase"])
            #expect(screen.alerts == ["That todo is gone."])
        }
    }

    @Test @MainActor func errorHandlingSamplesReachTheirCases() async throws {
        try await withSampleBackend { pb, _ in
            let screen = ErrorScreen(pb: pb)
            screen.installHook()
            let todo = try await pb.todos.create(.init(title: "Locked"))
            _ = try await pb.todos.lock(id: todo.id, .init(seconds: 42))

            await screen.quickExample(todo: todo)
            #expect(screen.retries == [42])

            var caught: BackendError?
            do throws(BackendError) {
                let _: TodoScreen.Todo = try await pb.call("todos/\(todo.id)", ["completed": true], method: .patch)
            } catch {
                caught = error
            }
            let backendError = try #require(caught)
            screen.decodeByHand(backendError)
            #expect(screen.retries == [42, 42])
            #expect(Telemetry.codes.contains { $0.hasPrefix("todo_locked req_") })

            screen.report(backendError)
            #expect(screen.reports.count == 1)
            #expect(screen.reports[0].hasPrefix("call failed code=todo_locked status=409 request=req_"))

            let field = FieldError(field: "file", message: "too large")
            screen.showValidation(.validation(ValidationFailure(message: "invalid", fields: [field])))
            #expect(screen.fieldErrors == ["file": "too large"])

            #expect(ProtocolSamples.lift(backendError, into: TodosUpdateError.self).isTodoLocked)
            #expect(ProtocolSamples.liftGenerated(backendError, into: TodosUpdateError.self).isTodoLocked)
        }
    }

    @Test func valueSamplesEncodeTheThreeIntentions() throws {
        struct Patch: Encodable {
            let note: Nullable<String>?
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let text = { (value: Nullable<String>?) in
            String(decoding: try encoder.encode(Patch(note: value)), as: UTF8.self)
        }
        #expect(try text(ValueSamples.leaveAlone) == "{}")
        #expect(try text(ValueSamples.clear) == #"{"note":null}"#)
        #expect(try text(ValueSamples.set) == #"{"note":"oat"}"#)
        #expect(ValueSamples.fromOptional.wrapped == nil)
        #expect(ValueSamples.details["current_epoch"] == .int(3))
    }
}

extension TodosUpdateError {
    fileprivate var isTodoLocked: Bool {
        if case .todoLocked = self { true } else { false }
    }
}
