import TestSupport
import Testing

/// The test signal itself: a deadline must be able to end a wait whose signal never fires.
@Suite(.hangGuard) struct TestSignalTests {
    @Test func firingReleasesEarlierAndLaterWaiters() async {
        let signal = TestSignal()
        let early = Task { await signal.wait() }
        signal.fire()
        await early.value
        await signal.wait()
        #expect(signal.isFired)
    }

    @Test func cancellingTheWaitingTaskEndsTheWait() async {
        let signal = TestSignal()
        let waiter = Task { await signal.wait() }
        waiter.cancel()
        await waiter.value
        #expect(!signal.isFired)
    }

    @Test func aDeadlineEndsAnOperationStuckOnASignal() async {
        let signal = TestSignal()
        await #expect(throws: TransportTestTimeout.self) {
            try await TransportTestKit.withDeadline(.milliseconds(50)) { await signal.wait() }
        }
    }
}
