import EmulatorPalbase
import ErrorCore
import Foundation
import Palbe
import Testing

/// The central hook sees every `BackendError` exactly once, before it is thrown.
@Suite struct ErrorHookTests {
    @Test func firesOncePerErrorAlsoUnderTryQuestionMark() async throws {
        try await withPalbe { bed in
            let client = bed.client()
            client.configure(onError: bed.recorder.hook)

            let _: [Todo] = try await client.call("todos", method: .get)
            #expect(bed.recorder.hookErrors.isEmpty, "successes are not reported")

            let ignored: Todo? = try? await client.call("todos/missing", method: .get)
            #expect(ignored == nil)
            #expect(bed.recorder.hookErrors.map(\.code) == ["todo_not_found"])

            _ = try? await client.call("todos", AnyCodableValue.double(.infinity), as: Todo.self)
            #expect(bed.recorder.hookErrors.map(\.code) == ["todo_not_found", "encoding_error"])
        }
    }

    @Test func generatedWrappersDoNotFireItAgain() async throws {
        try await withPalbe { bed in
            let client = bed.client()
            client.configure(onError: bed.recorder.hook)
            let todo: Todo = try await client.call("todos", CreateTodoInput(title: "locked"))
            let _: Todo = try await client.call("todos/\(todo.id)/lock", LockTodoInput(seconds: 60))

            do throws(TodosUpdateError) {
                _ = try await client.todos.update(id: todo.id, UpdateTodoInput(completed: true))
                Issue.record("the lock did not hold")
            } catch {
                guard case .todoLocked(let data) = error else {
                    Issue.record("expected .todoLocked, got \(error)")
                    return
                }
                #expect((1...60).contains(data.retryAfter))
            }
            do throws(TodosArchiveError) {
                try await client.todos.archive(id: todo.id)
            } catch {
                guard case .other(.server(let failure)) = error else {
                    Issue.record("expected .other(.server), got \(error)")
                    return
                }
                #expect(failure.code == "todo_locked")
            }
            #expect(bed.recorder.hookErrors.map(\.code) == ["todo_locked", "todo_locked"])
        }
    }

    @Test func secondConfigureReplacesAndNilRemoves() async throws {
        try await withPalbe { bed in
            let client = bed.client()
            let first = RuntimeRecorder()
            let second = RuntimeRecorder()
            client.configure(onError: first.hook)
            _ = try? await client.call("todos/a", as: Todo.self, method: .get)
            client.configure(onError: second.hook)
            _ = try? await client.call("todos/b", as: Todo.self, method: .get)
            client.configure(onError: nil)
            _ = try? await client.call("todos/c", as: Todo.self, method: .get)
            #expect(first.hookErrors.count == 1)
            #expect(second.hookErrors.count == 1)
            #expect(bed.sent(to: "/todos/").count == 3)
        }
    }

    @Test func trailingClosureSpellingInstallsTheHook() async throws {
        try await withPalbe { bed in
            let client = bed.client()
            let recorder = bed.recorder
            client.configure { error in recorder.hook(error) }
            _ = try? await client.call("todos/a", as: Todo.self, method: .get)
            #expect(recorder.hookErrors.first?.requestId == bed.sent().last?.requestID)
        }
    }

    @Test func concurrentFailuresAreEachReportedOnce() async throws {
        try await withPalbe { bed in
            let client = bed.client()
            client.configure(onError: bed.recorder.hook)
            await withTaskGroup(of: Void.self) { group in
                for index in 0..<20 {
                    group.addTask { _ = try? await client.call("todos/missing-\(index)", as: Todo.self, method: .get) }
                }
            }
            let ids = bed.recorder.hookErrors.compactMap(\.requestId)
            #expect(ids.count == 20)
            #expect(Set(ids).count == 20)
        }
    }
}
