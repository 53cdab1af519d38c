import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Looks at this process (through /proc on Linux, `/dev/fd` and the Mach thread list on Darwin), to
/// prove a server leaks no descriptors or threads.
///
/// Tests run in parallel in one process, so these counts are scoped to one server: descriptors by
/// the port of the socket behind them, threads by name. (The process-wide total of /proc/self/fd
/// moves with every other suite and cannot be compared.)
public enum ServerProcessProbe {
    /// Entries of /proc/self/fd that are TCP sockets with `port` at either end: the server's
    /// listener and connections plus any client sockets still connected to it.
    ///
    /// Ports are read with `getsockname`/`getpeername` on each descriptor, which is exact (unlike
    /// /proc/net/tcp, which can skip lines while other tests churn sockets).
    public static func socketDescriptors(port: Int) -> Int {
        openDescriptors().count { descriptor in
            localPort(of: descriptor) == port || remotePort(of: descriptor) == port
        }
    }

    /// The process's open descriptors, read with readdir: FileManager's listing of /proc/self/fd
    /// fails outright when another thread closes a descriptor mid-listing, which parallel suites do.
    private static func openDescriptors() -> [Int32] {
        #if canImport(Darwin)
            let listing = "/dev/fd"
        #else
            let listing = "/proc/self/fd"
        #endif
        guard let directory = opendir(listing) else { return [] }
        defer { closedir(directory) }
        var descriptors: [Int32] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if let descriptor = Int32(name), descriptor != dirfd(directory) { descriptors.append(descriptor) }
        }
        return descriptors
    }

    /// Threads of this process whose name (`comm` on Linux, `pthread_getname_np` on Darwin) is
    /// exactly `name`.
    public static func threadCount(named name: String) -> Int {
        #if canImport(Darwin)
            var list: thread_act_array_t?
            var count: mach_msg_type_number_t = 0
            guard task_threads(mach_task_self_, &list, &count) == KERN_SUCCESS, let list else { return 0 }
            defer {
                for index in 0..<Int(count) { _ = mach_port_deallocate(mach_task_self_, list[index]) }
                _ = vm_deallocate(
                    mach_task_self_, vm_address_t(UInt(bitPattern: list)),
                    vm_size_t(Int(count) * MemoryLayout<thread_act_t>.stride))
            }
            return (0..<Int(count)).count { index in
                guard let thread = pthread_from_mach_thread_np(list[index]) else { return false }
                var buffer = [CChar](repeating: 0, count: 64)
                guard pthread_getname_np(thread, &buffer, buffer.count) == 0 else { return false }
                let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
                return String(decoding: bytes, as: UTF8.self) == name
            }
        #else
            let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
            return tasks.count { task in
                let comm = try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8)
                return comm?.trimmingCharacters(in: .newlines) == name
            }
        #endif
    }

    private static func localPort(of descriptor: Int32) -> Int? {
        port { getsockname(descriptor, $0, $1) }
    }

    private static func remotePort(of descriptor: Int32) -> Int? {
        port { getpeername(descriptor, $0, $1) }
    }

    /// The TCP/IP port a socket-address call reports, nil for non-sockets and other families.
    private static func port(
        _ call: (UnsafeMutablePointer<sockaddr>, UnsafeMutablePointer<socklen_t>) -> Int32
    ) -> Int? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let result = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { call($0, &length) }
        }
        guard result == 0 else { return nil }
        let family = Int32(storage.ss_family)
        return withUnsafeBytes(of: storage) { raw in
            switch family {
            case AF_INET: Int(UInt16(bigEndian: raw.load(as: sockaddr_in.self).sin_port))
            case AF_INET6: Int(UInt16(bigEndian: raw.load(as: sockaddr_in6.self).sin6_port))
            default: nil
            }
        }
    }
}
