import Foundation
import Palbe

/// `sdk __palbe-session-writer <directory> <key> <first>`: a hidden mode, not in the command table, for
/// the SDK's crash test. It writes `pb.auth`'s persisted unit through the SDK's own session store, in
/// `directory` under `key`, as fast as it can, forever: unit `n` (from `first` on) holds the tokens
/// `pat_<n>`/`prt_<n>`, the user `u_<n>` with the email `<n>@example.com`, and 256 KiB of the digits of
/// `n` as its creation date, so a torn unit cannot pass for a whole one. After each write it prints
/// `wrote <n>`. The test kills it with SIGKILL and reads what is left.
enum PalbeSessionWriterMode {
    static let name = "__palbe-session-writer"

    /// The exit status when `arguments` ask for this mode (it never returns otherwise: it writes until
    /// killed), `nil` when they do not.
    static func runIfRequested(_ arguments: [String]) -> Int32? {
        guard arguments.first == name else { return nil }
        guard arguments.count == 4, let first = Int(arguments[3]) else {
            FileHandle.standardError.write(Data("usage: sdk \(name) <directory> <key> <first>\n".utf8))
            return 2
        }
        let persistence = SessionPersistence(
            store: SessionStorage.directory(URL(fileURLWithPath: arguments[1], isDirectory: true)), key: arguments[2])
        let deviceKey = DeviceKey()
        var n = first
        while true {
            let digits = String(n)
            let user = AuthUser(
                id: "u_\(n)", email: "\(n)@example.com", emailVerified: false,
                createdAt: String(repeating: digits, count: (256 << 10) / digits.count))
            let session = SignedInSession(
                accessToken: SecretToken("pat_\(n)"), refreshToken: SecretToken("prt_\(n)"), expiresAt: Int64(n),
                user: user)
            do {
                try persistence.saveNow(PersistedAuth(deviceKey: deviceKey, session: session))
            } catch {
                FileHandle.standardError.write(Data("write \(n) failed: \(error)\n".utf8))
                return 1
            }
            // Unbuffered: the line is on the pipe before the next write starts.
            FileHandle.standardOutput.write(Data("wrote \(n)\n".utf8))
            n += 1
        }
    }
}
