import EmulatorPalbase
import ErrorCore
import Foundation
import Palbe
import Testing

/// `PalbeCorrelation.lastRequestID` follows the most recent completed request.
@Suite struct CorrelationTests {
    @Test func successesAndFailuresAreRecordedAndNoResponseIsNot() async throws {
        try await withPalbe { bed in
            let client = bed.client()
            #expect(await bed.recorder.correlation.lastRequestID == nil)

            let _: [Todo] = try await client.call("todos", method: .get)
            let afterSuccess = await bed.recorder.correlation.lastRequestID
            #expect(afterSuccess == bed.sent().last?.requestID)
            #expect(afterSuccess?.hasPrefix("req_") == true)

            let error = await #expect(throws: BackendError.self) {
                let _: Todo = try await client.call("todos/missing", method: .get)
            }
            let afterFailure = await bed.recorder.correlation.lastRequestID
            #expect(afterFailure == bed.sent().last?.requestID)
            #expect(afterFailure != afterSuccess)
            #expect(error?.requestId == afterFailure, "the thrown error carries the same id")

            try bed.emulator.addFault(.dropBeforeResponse, method: "POST", pathPrefix: "/todos")
            _ = try? await client.call("todos", CreateTodoInput(title: "lost"), as: Todo.self)
            #expect(await bed.recorder.correlation.lastRequestID == afterFailure)
        }
    }

    @Test func clientsShareTheProcessWideRecordByDefault() async throws {
        try await withPalbe { bed in
            let client = PalbeClient(configuration: bed.configuration())
            let _: [Todo] = try await client.call("todos", method: .get)
            let recorded = await PalbeCorrelation.shared.lastRequestID
            // Other suites may finish a request in between; the id must at least be one this emulator issued
            // or a newer one, never nil.
            #expect(recorded?.hasPrefix("req_") == true)
        }
    }
}
