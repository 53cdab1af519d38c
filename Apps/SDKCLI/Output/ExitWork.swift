import ErrorCore

/// Work a command leaves for the end of its run: ``SDKCLI/main(_:_:root:)`` awaits it after the command
/// returned or threw, before the process exits. A Palbe client registers its session store here, so a
/// sign-in whose write waited for a slow launch read is stored before the process is gone.
package final class ExitWork: Sendable {
    private let pending = Locked<[@Sendable () async -> Void]>([])

    package init() {}

    /// Runs `work` at the end of the command.
    package func add(_ work: @escaping @Sendable () async -> Void) {
        pending.withLock { $0.append(work) }
    }

    /// Runs what was added, in order, each once.
    package func run() async {
        while let next = pending.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) {
            await next()
        }
    }
}
