import Foundation
import Glibc

/// Looks at this process through /proc, to prove a server leaks no descriptors or threads.
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
        guard let directory = opendir("/proc/self/fd") else { return [] }
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

    /// Threads of this process whose name (`comm`) is exactly `name`.
    public static func threadCount(named name: String) -> Int {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return tasks.count { task in
            let comm = try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8)
            return comm?.trimmingCharacters(in: .newlines) == name
        }
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
