import Glibc

/// Starts the pthreads for the accept loop and for each connection.
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

    /// Connection threads only parse and copy bytes; the handler runs on the cooperative pool.
    private static let stackSize = 512 << 10

    /// Runs `body` on a new joinable thread named `name` (at most 15 bytes, visible in
    /// `/proc/self/task/*/comm`). Returns nil if the system refused to create the thread.
    ///
    /// The caller must `pthread_join` the thread eventually (the server does it in
    /// `ServerCore.retire`), which is what lets `shutdown()` promise the threads are gone.
    static func start(name: String, _ body: @escaping @Sendable () -> Void) -> pthread_t? {
        let attributes = UnsafeMutablePointer<pthread_attr_t>.allocate(capacity: 1)
        pthread_attr_init(attributes)
        pthread_attr_setstacksize(attributes, stackSize)
        let payload = Unmanaged.passRetained(Payload(name: name, body: body)).toOpaque()
        var thread: pthread_t = 0
        let created = pthread_create(&thread, attributes, nativeThreadEntry, payload)
        pthread_attr_destroy(attributes)
        attributes.deallocate()
        if created != 0 {
            Unmanaged<Payload>.fromOpaque(payload).release()
            return nil
        }
        return thread
    }

    /// Sets the calling thread's name through procfs (`pthread_setname_np` and `prctl` are not
    /// visible from Swift's Glibc module), so tests can count our threads by name.
    fileprivate static func nameCurrentThread(_ name: String) {
        let descriptor = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        let bytes = Array(name.utf8.prefix(15))
        _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
    }
}

private func nativeThreadEntry(_ raw: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    guard let raw else { return nil }
    let payload = Unmanaged<NativeThread.Payload>.fromOpaque(raw).takeRetainedValue()
    NativeThread.nameCurrentThread(payload.name)
    payload.body()
    return nil
}
