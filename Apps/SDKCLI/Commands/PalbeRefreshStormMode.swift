import Foundation
import Palbe
import SDKCrypto

/// `sdk __palbe-storm <directory | group:<app-group>> <base-url> <api-key> <sealing-key> <calls>`: a hidden
/// mode, not in the command table, for the SDK's cross-process refresh tests. It makes a Palbe client whose
/// session lives in `directory` (the session store several of these processes share), or, given
/// `group:<app-group>`, in the platform's default store moved into that app group with
/// `configure(messagingAppGroup:)` as an app and its extensions do, then prints `ready`, waits for a line on
/// standard input (so every process starts together), then makes `calls` concurrent `GET /auth/me` calls
/// and prints `done <succeeded> <failed>`, one `error <code>` line per failure, and `latencies <µs,µs,…>`: how
/// long after the start each call that succeeded took (what the cross-process storm benchmark reads).
enum PalbeRefreshStormMode {
    static let name = "__palbe-storm"

    /// The exit status when `arguments` ask for this mode, `nil` when they do not.
    static func runIfRequested(_ arguments: [String]) async -> Int32? {
        guard arguments.first == name else { return nil }
        guard arguments.count == 6, let baseURL = URL(string: arguments[2]), let calls = Int(arguments[5]), calls > 0
        else {
            let usage = "usage: sdk \(name) <directory | group:<app-group>> <base-url> <api-key> <sealing-key> <calls>"
            FileHandle.standardError.write(Data((usage + "\n").utf8))
            return 2
        }
        var runtime = PalbeRuntime.live
        let appGroup = arguments[1].hasPrefix("group:") ? String(arguments[1].dropFirst("group:".count)) : nil
        if appGroup == nil {
            runtime.sessionStore = SessionStorage.directory(URL(fileURLWithPath: arguments[1], isDirectory: true))
        }
        let configuration = PalbeConfiguration(
            baseURL: baseURL, apiKey: arguments[3], environment: "test", sealingKey: arguments[4],
            appVersion: "1.0.0", requestTimeout: .seconds(30))
        let client = PalbeClient(configuration: configuration, transport: DefaultTransport.make(), runtime: runtime)
        if let appGroup { client.configure(messagingAppGroup: appGroup) }
        say("ready")
        _ = readLine()
        let start = ContinuousClock.now
        let outcomes = await withTaskGroup(of: Result<Duration, BackendError>.self) { group in
            for _ in 0..<calls {
                group.addTask {
                    do throws(BackendError) {
                        let _: AnyCodableValue = try await client.call("auth/me", method: .get)
                        return .success(ContinuousClock.now - start)
                    } catch {
                        return .failure(error)
                    }
                }
            }
            return await group.reduce(into: [Result<Duration, BackendError>]()) { $0.append($1) }
        }
        let failures = outcomes.compactMap { if case .failure(let error) = $0 { error.code } else { nil } }
        say("done \(calls - failures.count) \(failures.count)")
        for failure in failures { say("error \(failure)") }
        let micros = outcomes.compactMap { outcome -> Int? in
            guard case .success(let elapsed) = outcome else { return nil }
            let (seconds, attoseconds) = elapsed.components
            return Int(seconds) * 1_000_000 + Int(attoseconds / 1_000_000_000_000)
        }
        say("latencies " + micros.map(String.init).joined(separator: ","))
        await client.session.settled()
        return 0
    }

    /// One line on standard output, unbuffered: the test reads it at once.
    private static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}
