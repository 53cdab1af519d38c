import ErrorCore
import TestSupportCore
import Testing

/// Collects what a listener hears, and lets a test await the n-th value.
public final class Heard<Value: Sendable>: Sendable {
    private let state = Locked((values: [Value](), waiters: [(count: Int, signal: TestSignal)]()))

    /// Nothing heard yet.
    public init() {}

    /// The listener to register.
    public var listener: @Sendable (Value) -> Void {
        { [self] value in
            let ready = state.withLock { state in
                state.values.append(value)
                let count = state.values.count
                let ready = state.waiters.filter { $0.count <= count }.map(\.signal)
                state.waiters.removeAll { $0.count <= count }
                return ready
            }
            for signal in ready { signal.fire() }
        }
    }

    /// Everything heard so far, oldest first.
    public var values: [Value] { state.withLock { $0.values } }

    /// Waits until `count` values were heard (bounded; the test fails on timeout) and returns them all.
    @discardableResult
    public func wait(for count: Int, sourceLocation: SourceLocation = #_sourceLocation) async -> [Value] {
        let signal = TestSignal()
        let already = state.withLock { state in
            if state.values.count >= count { return true }
            state.waiters.append((count, signal))
            return false
        }
        if !already {
            let heard = await signal.wait(timeout: .seconds(60))
            #expect(heard, "heard \(values.count) of \(count) values", sourceLocation: sourceLocation)
        }
        return values
    }

    /// Waits until what was heard satisfies `done` (each wait bounded as in ``wait(for:sourceLocation:)``)
    /// and returns it all: for listeners whose count of values depends on an order the test does not
    /// control, such as a replay that a real change may overtake.
    @discardableResult
    public func wait(
        until done: ([Value]) -> Bool, sourceLocation: SourceLocation = #_sourceLocation
    ) async -> [Value] {
        var heard = values
        while !done(heard) {
            let before = heard.count
            heard = await wait(for: before + 1, sourceLocation: sourceLocation)
            if heard.count == before { return heard }  // timed out: `wait(for:)` recorded the failure
        }
        return heard
    }
}
