import Dispatch
import ErrorCore
import TestSupportCore

/// Where a double holds a call until the test opens it: a request still on its way, a Keychain still
/// loading. ``arrived`` fires when the first call reaches the gate, so the test awaits the event
/// instead of guessing how long the call takes; once ``open()`` is called every held call goes on, and
/// later ones pass straight through.
public final class TestGate: Sendable {
    /// Fired when the first call reaches the gate.
    public let arrived = TestSignal()
    private let opened = TestSignal()
    /// The threads a synchronous call (a ``ScriptedSecureStore``'s) parked until the gate opens.
    private let parked = Locked((isOpen: false, threads: [DispatchSemaphore]()))

    /// A closed gate.
    public init() {}

    /// Lets every held call through, and every later one.
    public func open() {
        let threads = parked.withLock { parked in
            parked.isOpen = true
            defer { parked.threads.removeAll() }
            return parked.threads
        }
        opened.fire()
        for thread in threads { thread.signal() }
    }

    /// Holds an async call until the gate opens (or its Task is cancelled).
    func pass() async {
        arrived.fire()
        await opened.wait()
    }

    /// Holds a synchronous call, blocking its thread, until the gate opens: what a slow Keychain does.
    func passBlocking() {
        arrived.fire()
        let thread = DispatchSemaphore(value: 0)
        let held = parked.withLock { parked in
            guard !parked.isOpen else { return false }
            parked.threads.append(thread)
            return true
        }
        if held { thread.wait() }
    }
}
