import Foundation

/// Looks at this process through /proc, to prove a server leaks no descriptors or threads.
///
/// Tests run in parallel in one process, so the per-port counts are the reliable ones: they see
/// only sockets and threads belonging to one server.
public enum ServerProcessProbe {
    /// Entries in /proc/self/fd (every open descriptor of the process).
    public static func openDescriptorCount() -> Int {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []).count
    }

    /// Open descriptors of this process that are TCP sockets with `port` at either end: the
    /// server's listener and connections plus any client sockets still connected to it.
    public static func socketDescriptors(port: Int) -> Int {
        let inodes = tcpSocketInodes(port: port)
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return entries.count { entry in
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(entry)"),
                target.hasPrefix("socket:["), target.hasSuffix("]")
            else { return false }
            return inodes.contains(String(target.dropFirst("socket:[".count).dropLast()))
        }
    }

    /// Threads of this process whose name (`comm`) is exactly `name`.
    public static func threadCount(named name: String) -> Int {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return tasks.count { task in
            let comm = try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8)
            return comm?.trimmingCharacters(in: .newlines) == name
        }
    }

    /// Inodes of IPv4/IPv6 TCP sockets whose local or remote port is `port` (TIME_WAIT entries
    /// have inode 0 and belong to nobody, so they are skipped).
    private static func tcpSocketInodes(port: Int) -> Set<String> {
        let hexPort = String(format: "%04X", port)
        var inodes: Set<String> = []
        for table in ["/proc/net/tcp", "/proc/net/tcp6"] {
            guard let text = try? String(contentsOfFile: table, encoding: .utf8) else { continue }
            for line in text.split(separator: "\n").dropFirst() {
                let columns = line.split(separator: " ")
                guard columns.count > 9 else { continue }
                let local = columns[1].split(separator: ":").last.map(String.init)
                let remote = columns[2].split(separator: ":").last.map(String.init)
                guard local == hexPort || remote == hexPort, columns[9] != "0" else { continue }
                inodes.insert(String(columns[9]))
            }
        }
        return inodes
    }
}
