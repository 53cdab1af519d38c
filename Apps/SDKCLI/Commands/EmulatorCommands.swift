import Dispatch
import Emulator
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension Command {
    /// `sdk emulator`: run the local emulator and point apps at it.
    package static let emulator = Command.group(
        name: "emulator",
        summary: "Run the local emulator (Palbase, Chatbase, Purse) on 127.0.0.1.",
        discussion: """
            The emulator answers every SDK over real HTTP with no account and no network. Its data, \
            API key and sealing key live in the data directory (default \(EmulatorConfiguration.defaultDataDirectory)) \
            and survive restarts. The admin API is under /__emulator/.
            """,
        subcommands: [emulatorStart, emulatorPlist, emulatorInbox]
    )

    /// `sdk emulator start [--port N] [--data-dir DIR] [--in-memory] [--pow PREFIX:BITS ...]`.
    static let emulatorStart = Command(
        name: "start",
        summary: "Start the emulator and serve until SIGINT or SIGTERM.",
        discussion: """
            Prints the base URL and the API key once listening. --port 0 picks a free port. \
            --pow demands proof of work under a path prefix, e.g. --pow /auth/signup:12; --attest demands \
            an App Attest assertion (the emulator's test format) under one, e.g. --attest /todos.
            """,
        parameters: EmulatorStartParameters(),
        run: { values, context in
            var configuration = EmulatorConfiguration.standard(
                port: values.port,
                storage: values.inMemory ? .inMemory : .directory(URL(fileURLWithPath: values.dataDirectory)))
            configuration.proofOfWork = try values.proofOfWork.map { try ProofOfWorkRule(parsing: $0) }
            configuration.appAttest = try values.appAttest.map { try AppAttestRule(pathPrefix: $0) }
            let signals = TerminationSignals()
            let server = try openEmulator(configuration)
            let baseURL: URL
            do {
                baseURL = try server.start()
            } catch {
                await server.shutdown()
                throw CommandFailure(
                    code: "emulator_start_failed", message: "Cannot listen on port \(configuration.port): \(error)")
            }
            let started = EmulatorStarted(
                baseURL: baseURL.absoluteString, apiKey: server.apiKey, sealingKey: server.sealingPublicKeyBase64URL,
                adminToken: server.adminToken, storage: configuration.storage.description)
            try context.emit(
                started,
                text: [
                    "Emulator listening on \(started.baseURL)", "API key: \(started.apiKey)",
                    "Admin token: \(started.adminToken) (the admin API under /__emulator/ wants it as a bearer)",
                    "Storage: \(started.storage)",
                ])
            let signal = await signals.wait()
            context.log("Received \(signal), stopping")
            await server.shutdown()
        }
    )

    /// `sdk emulator plist [--port N] [--data-dir DIR]`: a ready `Palbase-Info.plist` on stdout.
    static let emulatorPlist = Command(
        name: "plist",
        summary: "Print a Palbase-Info.plist for the emulator of a data directory.",
        discussion: """
            The plist holds base_url, api_key, environment=local, sealing_key (the emulator's sealing \
            public key) and oauth, the native sign-in snapshot: google, apple and microsoft sign in \
            natively against the emulator's simulated providers (mode=native, issuer \
            <base_url>/__providers/<provider>, client_id, and redirect_uri for google and microsoft), \
            github through the browser (mode=browser). It reads a data directory 'sdk emulator start' has \
            used and never creates one: a directory with no emulator data is an error.
            """,
        parameters: EmulatorPlistParameters(),
        run: { values, context in
            let directory = URL(fileURLWithPath: values.dataDirectory)
            let database = directory.appendingPathComponent(EmulatorConfiguration.databaseFileName)
            guard FileManager.default.fileExists(atPath: database.path) else {
                throw CommandFailure(
                    code: "no_emulator_data",
                    message: "No emulator data in \(directory.path); run 'sdk emulator start --data-dir "
                        + "\(directory.path)' once first (reading the plist never creates data)")
            }
            let configuration = EmulatorConfiguration.standard(port: values.port, storage: .directory(directory))
            let server = try openEmulator(configuration)
            let plist = try server.infoPlist()
            await server.shutdown()
            let text = String(decoding: plist, as: UTF8.self)
            if context.isJSON {
                try context.emit(["plist": text], text: [])
            } else {
                context.stdout.write(text.hasSuffix("\n") ? text : text + "\n")
            }
        }
    )

    private static func openEmulator(_ configuration: EmulatorConfiguration) throws -> EmulatorServer {
        do {
            return try EmulatorServer(configuration: configuration)
        } catch {
            throw CommandFailure(
                code: "emulator_storage",
                message: "Cannot open the emulator storage at \(configuration.storage): \(error)")
        }
    }
}

/// `sdk emulator start`'s options.
private struct EmulatorStartParameters: CommandParameters {
    let port = Option.value(
        "port", type: .integer(in: 0...65535), default: EmulatorConfiguration.defaultPort,
        help: "Port to listen on; 0 picks a free one.")
    let dataDirectory = Option.value(
        "data-dir", type: .nonEmpty, valueName: "dir", default: EmulatorConfiguration.defaultDataDirectory,
        help: "Where the database, API key and sealing key live.")
    let inMemory = Option.flag("in-memory", help: "Keep everything in memory; nothing is written to disk.")
    let proofOfWork = Option<[String]>.repeating(
        "pow", type: Self.proofOfWorkRule, valueName: "prefix:bits",
        help: "Demand proof of work under a path prefix with that many leading zero bits.")
    let appAttest = Option<[String]>.repeating(
        "attest", type: Self.appAttestRule, valueName: "prefix",
        help: "Demand an App Attest assertion under a path prefix.")

    /// `PREFIX:BITS` as `ProofOfWorkRule(parsing:)` accepts it.
    private static let proofOfWorkRule = ValueType(expectation: "PREFIX:BITS, e.g. /auth/signup:12") { raw in
        (try? ProofOfWorkRule(parsing: raw)) != nil
    }

    /// A path prefix as `AppAttestRule(pathPrefix:)` accepts it.
    private static let appAttestRule = ValueType(expectation: "a path prefix starting with /, e.g. /todos") { raw in
        (try? AppAttestRule(pathPrefix: raw)) != nil
    }
}

/// `sdk emulator plist`'s options.
private struct EmulatorPlistParameters: CommandParameters {
    let port = Option.value(
        "port", type: .port, default: EmulatorConfiguration.defaultPort, help: "The port the emulator listens on.")
    let dataDirectory = Option.value(
        "data-dir", type: .nonEmpty, valueName: "dir", default: EmulatorConfiguration.defaultDataDirectory,
        help: "The emulator's data directory.")
}

/// What `sdk emulator start` prints once listening.
private struct EmulatorStarted: Encodable {
    let baseURL: String
    let apiKey: String
    let sealingKey: String
    let adminToken: String
    let storage: String

    enum CodingKeys: String, CodingKey {
        case baseURL = "base_url", apiKey = "api_key", sealingKey = "sealing_key", adminToken = "admin_token", storage
    }
}

/// Catches SIGINT and SIGTERM from creation on (their default actions are ignored), so a signal that arrives
/// before anyone waits is not lost and the command can shut down cleanly.
private final class TerminationSignals: @unchecked Sendable {
    private let lock = NSLock()
    private let queue = DispatchQueue(label: "sdk.emulator.signals")
    private var sources: [any DispatchSourceSignal] = []
    private var received: String?
    private var waiter: CheckedContinuation<String, Never>?

    init() {
        for (number, name) in [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM")] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { [weak self] in self?.deliver(name) }
            source.resume()
            sources.append(source)
        }
    }

    /// Returns the first signal's name, at once when one already arrived.
    func wait() async -> String {
        await withCheckedContinuation { continuation in
            let early: String? = lock.withLock {
                if let received { return received }
                waiter = continuation
                return nil
            }
            if let early { continuation.resume(returning: early) }
        }
    }

    private func deliver(_ name: String) {
        let continuation: CheckedContinuation<String, Never>? = lock.withLock {
            guard received == nil else { return nil }
            received = name
            defer { waiter = nil }
            return waiter
        }
        continuation?.resume(returning: name)
    }
}
