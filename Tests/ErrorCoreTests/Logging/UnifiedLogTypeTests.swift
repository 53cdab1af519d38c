import ErrorCore
import Testing

/// The HTTP trace a developer turned on shows where the documented command reads it (issue 28 §3).
@Suite struct UnifiedLogTypeTests {
    @Test func theTraceLevelsGoOutAtTheDefaultTypeThatLogStreamShows() {
        #expect(UnifiedLogType(.trace) == .default)
        #expect(UnifiedLogType(.debug) == .default)
        #expect(UnifiedLogType(.info) == .info)
        #expect(UnifiedLogType(.warning) == .default)
        #expect(UnifiedLogType(.error) == .error)
    }
}
