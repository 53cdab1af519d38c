#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The threads every `HTTPServer` in the process runs its handlers and stream producers on.
///
/// On Swift's global cooperative pool (one thread per core) a handler waits behind whatever else
/// the host process has queued there: in a parallel test run that is hundreds of test bodies, and
/// a 20 ms `Task.sleep` there was measured waking up to 4.7 s late while a plain thread's 20 ms sleep
/// was never more than 50 ms late. A handler task prefers this executor
/// (SE-0417), so it and its child tasks run here and only compete with other handlers; the kernel,
/// not a FIFO shared with the host, shares the cores between these threads and the rest.
///
/// The threads live as long as the process, like the cooperative pool's. Jobs run in arrival order
/// on whichever thread is free; a handler that blocks its thread holds up only the other handlers,
/// and there are several threads so one such handler cannot stop them all.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
final class HandlerExecutor: TaskExecutor, @unchecked Sendable {
    /// The one instance, started on first use.
    static let shared = HandlerExecutor(threadCount: 4)

    /// Handlers parse and build JSON recursively; give them the stack a main thread has.
    private static let stackSize = 8 << 20

    private let lock = ConditionLock()
    // Guarded by `lock`: the queue is `jobs[head...]`.
    private var jobs: [UnownedJob] = []
    private var head = 0
    private var threads = 0

    private init(threadCount: Int) {
        for index in 0..<threadCount {
            // Never joined: like the cooperative pool's threads, these serve until the process exits.
            let thread = NativeThread.start(name: "http-exec-\(index)", stackSize: Self.stackSize) { [self] in
                run()
            }
            if let thread {
                pthread_detach(thread)
                lock.withLock { threads += 1 }
            }
        }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let queued = lock.withLock { () -> Bool in
            guard threads > 0 else { return false }
            jobs.append(job)
            lock.signal()
            return true
        }
        // The system refused every thread: the global executor still runs the handler.
        if !queued { globalConcurrentExecutor.enqueue(ExecutorJob(job)) }
    }

    private func run() {
        let executor = asUnownedTaskExecutor()
        while true {
            next().runSynchronously(on: executor)
        }
    }

    /// Blocks until a job is queued and takes the oldest.
    private func next() -> UnownedJob {
        lock.withLock {
            while head == jobs.count { lock.wait(until: .never) }
            let job = jobs[head]
            head += 1
            if head == jobs.count {
                jobs.removeAll(keepingCapacity: true)
                head = 0
            } else if head >= 1024, head * 2 >= jobs.count {
                jobs.removeFirst(head)
                head = 0
            }
            return job
        }
    }
}
