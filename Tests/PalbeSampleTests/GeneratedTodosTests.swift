import EmulatorPalbase
import ErrorCore
import Foundation
import Palbe
import PalbeSample
import Testing

/// The committed generated client (`Modules/PalbeSample`) against the sample backend: every todos
/// operation, each declared error as its typed case, and the three-way PATCH on the wire.
@Suite struct GeneratedTodosTests {
    @Test func everyTodosOperationRoundTrips() async throws {
        try await withSample { bed in
            let todos = bed.palbe.todos
            let milk = try await todos.create(.init(note: .value("oat"), tags: ["shop"], title: "Buy milk"))
            #expect(milk.title == "Buy milk")
            #expect(milk.note == "oat")
            #expect(milk.tags == ["shop"])
            let ship = try await todos.create(.init(title: "Ship"))
            #expect(ship.note == nil)

            #expect(try await todos.get(id: milk.id) == milk)
            #expect(try await todos.list().map(\.id) == [milk.id, ship.id])
            #expect(try await todos.list(query: .init(perPage: 1)).map(\.id) == [milk.id])
            #expect(try bed.requests("GET", to: "/todos").last?.query == "per_page=1")

            let updated = try await todos.update(id: milk.id, .init(completed: true, title: "Buy oat milk"))
            #expect(updated.completed)
            #expect(updated.title == "Buy oat milk")
            #expect(updated.note == "oat")

            let locked = try await todos.lock(id: ship.id, .init(seconds: 30))
            #expect(locked.lockedUntil != nil)
            let unlocked = try await todos.lock(id: ship.id, .init(seconds: 0))
            #expect(unlocked.lockedUntil == nil)

            try await todos.archive(id: milk.id)
            #expect(try await todos.list().map(\.id) == [ship.id])
            #expect(try await todos.list(query: .init(includeArchived: true)).count == 2)

            try await todos.delete(id: ship.id)
            #expect(try await todos.list().isEmpty)
        }
    }

    @Test func aNullableClearIsSentAsNullAndAbsentKeysAreOmitted() async throws {
        try await withSample { bed in
            let todo = try await bed.palbe.todos.create(
                .init(dueDate: .value(Date(timeIntervalSince1970: 1_800_000_000)), note: .value("x"), title: "T"))
            #expect(todo.note == "x")
            #expect(todo.dueDate != nil)

            let cleared = try await bed.palbe.todos.update(id: todo.id, .init(note: .null))
            let body = try bed.lastBody("PATCH", to: "/todos/")
            #expect(Set(body.keys) == ["note"])
            #expect(body["note"] is NSNull)
            #expect(cleared.note == nil)
            #expect(cleared.dueDate == todo.dueDate)

            _ = try await bed.palbe.todos.update(id: todo.id, .init())
            #expect(try bed.lastBody("PATCH", to: "/todos/").isEmpty)
        }
    }

    @Test func aLockedTodoIsTodoLockedWithItsRetryAfter() async throws {
        try await withSample { bed in
            let todo = try await bed.palbe.todos.create(.init(title: "T"))
            _ = try await bed.palbe.todos.lock(id: todo.id, .init(seconds: 30))
            do throws(TodosUpdateError) {
                _ = try await bed.palbe.todos.update(id: todo.id, .init(completed: true))
                Issue.record("a locked todo accepted an update")
            } catch {
                guard case .todoLocked(let info) = error else {
                    Issue.record("expected .todoLocked, got \(error)")
                    return
                }
                #expect((1...30).contains(info.retryAfter))
            }
            do throws(TodosArchiveError) {
                try await bed.palbe.todos.archive(id: todo.id)
                Issue.record("a locked todo was archived")
            } catch {
                guard case .todoLocked(let info) = error else {
                    Issue.record("expected .todoLocked, got \(error)")
                    return
                }
                #expect((1...30).contains(info.retryAfter))
            }
        }
    }

    @Test func anUnknownTodoIsTodoNotFound() async throws {
        try await withSample { bed in
            do throws(TodosGetError) {
                _ = try await bed.palbe.todos.get(id: "missing")
                Issue.record("an unknown todo was found")
            } catch {
                guard case .todoNotFound = error else {
                    Issue.record("expected .todoNotFound, got \(error)")
                    return
                }
            }
            do throws(TodosDeleteError) {
                try await bed.palbe.todos.delete(id: "missing")
                Issue.record("an unknown todo was deleted")
            } catch {
                guard case .todoNotFound = error else {
                    Issue.record("expected .todoNotFound, got \(error)")
                    return
                }
            }
        }
    }

    @Test func theQuotaIsTodoQuotaExceededWithItsLimit() async throws {
        try await withSample { bed in
            bed.sample.setTodoQuota(1)
            _ = try await bed.palbe.todos.create(.init(title: "one"))
            do throws(TodosCreateError) {
                _ = try await bed.palbe.todos.create(.init(title: "two"))
                Issue.record("the quota let a second todo in")
            } catch {
                guard case .todoQuotaExceeded(let info) = error else {
                    Issue.record("expected .todoQuotaExceeded, got \(error)")
                    return
                }
                #expect(info.limit == 1)
            }
        }
    }

    @Test func aDeclaredCodeWithoutItsPayloadDegradesToOther() async throws {
        try await withSample { bed in
            let todo = try await bed.palbe.todos.create(.init(title: "T"))
            // The injected envelope says todo_locked but carries no retry_after: the typed case cannot be
            // built, so the caller still gets the whole server failure.
            try bed.emulator.addFault(
                .status(409, error: "todo_locked"), method: "PATCH", pathPrefix: "/todos/", count: 1)
            do throws(TodosUpdateError) {
                _ = try await bed.palbe.todos.update(id: todo.id, .init(completed: true))
                Issue.record("the injected fault did not fire")
            } catch {
                guard case .other(.server(let failure)) = error else {
                    Issue.record("expected .other(.server), got \(error)")
                    return
                }
                #expect(failure.code == "todo_locked")
                #expect(failure.statusCode == 409)
            }
        }
    }

    @Test func aGenericRateLimitIsOtherRateLimited() async throws {
        try await withSample { bed in
            bed.sample.setRateLimit(SampleRateLimit(requests: 1, per: .seconds(60)))
            // One request fits the bucket; the second list is refused (or the first already is, should a
            // slow answer make the client retry it).
            var limited: RateLimitInfo?
            for _ in 0..<2 where limited == nil {
                do throws(TodosListError) {
                    _ = try await bed.palbe.todos.list()
                } catch {
                    guard case .other(.rateLimited(let info)) = error else {
                        Issue.record("expected .other(.rateLimited), got \(error)")
                        return
                    }
                    limited = info
                }
            }
            let info = try #require(limited, "the rate limit let two requests in")
            #expect((info.retryAfter ?? 0) > 0)
        }
    }
}
