import ErrorCore
import Foundation
import Testing

@Suite struct LockedTests {
    @Test func withLockIfAvailableRunsTheBodyWhenTheLockIsFree() {
        let locked = Locked(1)
        let result = locked.withLockIfAvailable { value -> Int in
            value += 1
            return value
        }
        #expect(result == 2)
        #expect(locked.withLock { $0 } == 2)
    }

    // A lock that waited instead would never return here (the holder lets go only afterwards): the time
    // limit turns that hang into a failure.
    @Test(.timeLimit(.minutes(1)))
    func withLockIfAvailableGivesUpAtOnceWhileAnotherThreadHoldsTheLock() {
        let locked = Locked(0)
        let held = DispatchSemaphore(value: 0)
        let letGo = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        Thread {
            locked.withLock { _ in
                held.signal()
                letGo.wait()
            }
            done.signal()
        }.start()
        held.wait()
        let result = locked.withLockIfAvailable { value -> Int in
            value += 1
            return value
        }
        letGo.signal()
        done.wait()
        #expect(result == nil)
        #expect(locked.withLock { $0 } == 0)
        #expect(locked.withLockIfAvailable { $0 } == 0)
    }
}
