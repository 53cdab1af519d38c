#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Starts the pthreads for the accept loop, each connection and the handler executor.
///
/// These threads do blocking socket I/O, so they must not come from Swift's cooperative pool
/// (which has one thread per core and would starve every other task).
enum NativeThread {
    fileprivate final class Payload {
        let name: String
        let body: @Sendable () -> Void

        init(name: String, body: @escaping @Sendable () -> Void) {
            self.name = name
            self.body = body
        }
    }

    /// Connection threads only parse and copy bytes; handlers run on `HandlerExecutor`'s threads.
    static let connectionStackSize = 512 << 10

    /// Runs `body` on a new joinable thread named `name` (at most 15 bytes, visible in
    /// `/proc/self/task/*/comm`) with a stack of `stackSize` bytes. Returns nil if the system
    /// refused to create the thread.
    ///
    /// The caller must `pthread_join` the thread eventually (the server does it in
    /// `ServerCore.retire`), which is what lets `shutdown()` promise the threads are gone.
    static func start(
        name: String, stackSize: Int = connectionStackSize, _ body: @escaping @Sendable () -> Void
    ) -> pthread_t? {
        let attributes = UnsafeMutablePointer<pthread_attr_t>.allocate(capacity: 1)
        pthread_attr_init(attributes)
        pthread_attr_setstacksize(attributes, stackSize)
        let payload = Unmanaged.passRetained(Payload(name: name, body: body)).toOpaque()
        #if canImport(Darwin)
            var created: pthread_t?
            let status = pthread_create(&created, attributes, nativeThreadEntry, payload)
        #else
            var thread: pthread_t = 0
            let status = pthread_create(&thread, attributes, nativeThreadEntry, payload)
            let created: pthread_t? = thread
        #endif
        pthread_attr_destroy(attributes)
        attributes.deallocate()
        guard status == 0, let thread = created else {
            Unmanaged<Payload>.fromOpaque(payload).release()
            return nil
        }
        return thread
    }

}

#if canImport(Darwin)
    private func nativeThreadEntry(_ raw: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
        runPayload(raw)
        return nil
    }
#else
    private func nativeThreadEntry(_ raw: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
        guard let raw else { return nil }
        runPayload(raw)
        return nil
    }
#endif

private func runPayload(_ raw: UnsafeMutableRawPointer) {
    let payload = Unmanaged<NativeThread.Payload>.fromOpaque(raw).takeRetainedValue()
    SystemCalls.nameCurrentThread(payload.name)
    payload.body()
}
