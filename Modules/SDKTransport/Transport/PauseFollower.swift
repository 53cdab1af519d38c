import Dispatch

/// Applies a producer's pause decisions in order, on one serial queue, whichever threads made them.
///
/// A decision ("paused" or not) is made under some other lock and acted on later. Acting on it as a
/// message ("suspend", "resume") lets two messages overtake each other on their way to the queue, and
/// the producer ends in the state of whichever arrived last, not of the last decision. Here a decision
/// only schedules a run of ``follow(_:apply:)``; each run reads the decision as it stands and applies
/// it if it differs from what was last applied. Whatever the interleaving, the run scheduled after the
/// last decision sees it, so the producer ends where the decisions ended.
final class PauseFollower: @unchecked Sendable {
    // `@unchecked`: `applied` is touched only on `queue`.
    private let queue: DispatchQueue
    private var applied = false

    /// A follower applying on `queue` (serial).
    init(queue: DispatchQueue) {
        self.queue = queue
    }

    /// On the queue: reads `wanted()`; if it differs from the last state applied, calls `apply` with it.
    func follow(_ wanted: @escaping @Sendable () -> Bool, apply: @escaping @Sendable (Bool) -> Void) {
        queue.async { [self] in
            let paused = wanted()
            guard paused != applied else { return }
            applied = paused
            apply(paused)
        }
    }

    /// Waits until every run scheduled so far has finished (tests).
    func settle() {
        queue.sync {}
    }
}
