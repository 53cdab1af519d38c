import EmulatorPalbase
import ErrorCore
import Foundation
import Palbe
import SDKTransport
import Testing

/// Idempotent verbs are resent after no response and after 502/503/504, at most twice; POST and
/// PATCH never are. Waits are recorded, not slept.
@Suite struct RetryTests {
    @Test(arguments: [
        FaultAction.dropBeforeResponse, .status(503, error: "unavailable"), .status(502, error: "bad_gateway"),
        .status(504, error: "gateway_timeout"),
    ])
    func getIsRetriedUntilItSucceeds(_ action: FaultAction) async throws {
        try await withPalbe { bed in
            let client = bed.client()
            client.configure(onError: bed.recorder.hook)
            try bed.emulator.addFault(action, method: "GET", pathPrefix: "/todos", count: 2)
            let todos: [Todo] = try await client.call("todos", method: .get)
            #expect(todos.isEmpty)
            #expect(bed.sent(to: "/todos").count == 3)
            // Exponential from 250 ms, jittered to 75 % by the recorder's fixed 0.5.
            #expect(bed.recorder.sleeps == [.milliseconds(187.5), .milliseconds(375)])
            #expect(bed.recorder.hookErrors.isEmpty, "a retried failure is not a thrown error")
        }
    }

    @Test func retriesStopAfterTwo() async throws {
        try await withPalbe { bed in
            let client = bed.client()
            client.configure(onError: bed.recorder.hook)
            try bed.emulator.addFault(.status(503, error: "unavailable"), method: "GET", pathPrefix: "/todos")
            let error = await #expect(throws: BackendError.self) {
                let _: [Todo] = try await client.call("todos", method: .get)
            }
            #expect(error?.code == "unavailable")
            #expect(error?.statusCode == 503)
            #expect(bed.sent(to: "/todos").count == 3)
            #expect(bed.recorder.hookErrors.count == 1)
        }
    }

    @Test func everyIdempotentVerbIsRetried() async throws {
        try await withPalbe { bed in
            let client = bed.client()
            let created: Todo = try await client.call("todos", CreateTodoInput(title: "t"))
            try bed.emulator.addFault(
                .status(502, error: "bad_gateway"), method: "DELETE", pathPrefix: "/todos", count: 1)
            try bed.emulator.addFault(.dropBeforeResponse, method: "QUERY", pathPrefix: "/rooms", count: 1)
            _ = try await client.call(RoomsSearchEndpoint(input: SearchRoomsInput()))
            let _: AnyCodableValue = try await client.call("todos/\(created.id)", method: .delete)
            // PUT has no sample route: the retried 504 turns into the route's own 405.
            try bed.emulator.addFault(
                .status(504, error: "gateway_timeout"), method: "PUT", pathPrefix: "/todos", count: 1)
            let put = await #expect(throws: BackendError.self) {
                let _: AnyCodableValue = try await client.call("todos", AnyCodableValue.object([:]), method: .put)
            }
            #expect(put?.code == "method_not_allowed")
            let methods = try bed.requests().map(\.method)
            #expect(methods == ["POST", "QUERY", "QUERY", "DELETE", "DELETE", "PUT", "PUT"])
        }
    }

    @Test(arguments: [PBMethod.post, .patch])
    func nonIdempotentVerbsAreNeverRetried(_ method: PBMethod) async throws {
        try await withPalbe { bed in
            let client = bed.client()
            let created: Todo = try await client.call("todos", CreateTodoInput(title: "t"))
            let path = method == .post ? "todos/\(created.id)/lock" : "todos/\(created.id)"
            for action in [FaultAction.dropBeforeResponse, .status(503, error: "unavailable")] {
                try bed.emulator.addFault(action, method: method.rawValue, pathPrefix: "/todos/", count: 1)
                let error = await #expect(throws: BackendError.self) {
                    let _: Todo = try await client.call(path, LockTodoInput(seconds: 1), method: method)
                }
                #expect(error?.caseName == (action == .dropBeforeResponse ? "network" : "server"))
            }
            #expect(bed.sent(to: "/todos/").count == 2)
            #expect(bed.recorder.sleeps.isEmpty)
        }
    }

    @Test func retryAfterIsHonouredUpToTenSeconds() async throws {
        try await withPalbe { bed in
            let client = bed.client()
            try bed.emulator.addFault(
                .retryAfter(seconds: 3, status: 503, error: "unavailable"), method: "GET",
                pathPrefix: "/todos", count: 1)
            let _: [Todo] = try await client.call("todos", method: .get)
            #expect(bed.recorder.sleeps == [.seconds(3)])

            try bed.emulator.addFault(
                .retryAfter(seconds: 11, status: 503, error: "unavailable"), method: "GET",
                pathPrefix: "/todos", count: 1)
            let error = await #expect(throws: BackendError.self) {
                let _: [Todo] = try await client.call("todos", method: .get)
            }
            #expect(error?.statusCode == 503, "a longer wait than 10 s is surfaced at once")
            #expect(bed.recorder.sleeps == [.seconds(3)])
            #expect(bed.sent(to: "/todos").count == 3)
        }
    }

    @Test func otherStatusesAreNotRetried() async throws {
        try await withPalbe { bed in
            let client = bed.client()
            for status in [500, 501, 429, 408] {
                try bed.emulator.addFault(.status(status, error: "nope"), method: "GET", pathPrefix: "/todos", count: 1)
                let error = await #expect(throws: BackendError.self) {
                    let _: [Todo] = try await client.call("todos", method: .get)
                }
                #expect(error?.statusCode == status)
            }
            #expect(bed.sent(to: "/todos").count == 4)
        }
    }

    @Test func cancellingDuringABackoffEndsTheCall() async throws {
        try await withPalbe { bed in
            let gate = AsyncStream<Void>.makeStream()
            var runtime = bed.recorder.runtime()
            runtime.clock = SDKClock(sleep: { _ in
                gate.continuation.yield()
                try await Task.sleep(for: .seconds(30))
            })
            let client = PalbeClient(
                configuration: bed.configuration(), transport: DefaultTransport.make(), runtime: runtime)
            try bed.emulator.addFault(.status(503, error: "unavailable"), method: "GET", pathPrefix: "/todos")
            let call = Task { () async -> Result<[Todo], BackendError> in
                do throws(BackendError) {
                    return .success(try await client.call("todos", method: .get))
                } catch {
                    return .failure(error)
                }
            }
            for await _ in gate.stream { break }
            call.cancel()
            let result = await call.value
            guard case .failure(.transport(let failure)) = result else {
                Issue.record("expected .transport, got \(result)")
                return
            }
            #expect(failure.urlErrorCode == .cancelled)
        }
    }

    @Test func policyCapsJittersAndHonoursRetryAfter() {
        let policy = BackoffPolicy.palbe
        #expect(policy.delay(afterRetries: 0, retryAfter: nil, random: 0) == .milliseconds(125))
        #expect(policy.delay(afterRetries: 0, retryAfter: nil, random: 0.999_999)! <= .milliseconds(250))
        #expect(policy.delay(afterRetries: 1, retryAfter: nil, random: 1) == .milliseconds(500))
        #expect(policy.delay(afterRetries: 2, retryAfter: nil, random: 0) == nil)
        #expect(policy.delay(afterRetries: 0, retryAfter: 10, random: 0.5) == .seconds(10))
        #expect(policy.delay(afterRetries: 0, retryAfter: 11, random: 0.5) == nil)
        #expect(policy.delay(afterRetries: 0, retryAfter: 0, random: 1) == .milliseconds(250))
        var long = BackoffPolicy.palbe
        long.maxRetries = 40
        #expect(long.delay(afterRetries: 30, retryAfter: nil, random: 1) == .seconds(2), "capped")
    }
}
