import Emulator
import ErrorCore
import Foundation
import Palbe
import PalbeTesting
import SDKCrypto
import SDKTransport

extension Command {
    /// `sdk palbe`: call a Palbase backend through the Palbe SDK's transport path.
    package static let palbe = Command.group(
        name: "palbe",
        summary: "Call a Palbase backend through the Palbe SDK.",
        discussion: """
            Requests go through the same path an app's calls take: the contract's headers, sealed bodies on \
            sealed paths, proof of work, retries of idempotent verbs and the SDK's error mapping. Set \
            PALBASE_DEBUG=1 to trace each exchange (secrets redacted) on stderr.
            """,
        subcommands: [palbeCall, palbeUpload, palbeCodegen, palbeAuth]
    )

    /// `sdk palbe call <name> [--method M] [--data JSON|@file] [--query k=v]... [--header k:v]...`.
    static let palbeCall = Command(
        name: "call",
        summary: "Call a backend endpoint and print its JSON response.",
        discussion: """
            By default the call goes to the local emulator (\(PalbeCLIConfiguration.defaultBaseURL.absoluteString), \
            or --base-url), whose API key and sealing key are read from its admin API. Against any other \
            server pass --api-key, or --plist with a Palbase-Info.plist. The call carries the session \
            'sdk palbe auth' signed in, if any. With --json the result is {"result","status","requestId"}; a \
            failure is {"error":{"code","status","requestId",…}} and exit 1.
            """,
        parameters: PalbeCallParameters(),
        run: { values, context in
            let request = try PalbeCLIRequest(values: values)
            try await PalbeCLIConfiguration.send(request.pbRequest, values: values.target, context: context)
        }
    )
}

/// `sdk palbe call`'s endpoint and options.
struct PalbeCallParameters: CommandParameters {
    let name = Argument<String>.required(
        "name", type: .nonEmpty, help: "The endpoint's path, e.g. todos or todos/<id>/archive.")
    let method = Option.value("method", default: PBMethod.post, help: "The HTTP verb.")
    let data = Option<String?>.value(
        "data", type: .string, valueName: "json|@file", help: "The JSON body, inline or read from a file with @path.")
    let query = Option<[KeyValue]>.repeating(
        "query", valueName: "key=value", help: "A query parameter; repeat a key to send a list.")
    let headers = Option<[String]>.repeating(
        "header", type: Self.headerField, valueName: "name:value", help: "An extra request header.")
    let target = PalbeTargetOptions()

    /// `name:value` with a non-empty name, as `--header` takes it.
    private static let headerField = ValueType(expectation: "name:value with a non-empty name") { raw in
        PalbeCLIRequest.headerField(raw) != nil
    }
}

/// The verbs `--method` takes, spelled as HTTP spells them.
extension PBMethod: CommandLineValue {}

/// What `sdk palbe call --json` and `sdk palbe upload --json` print on success.
private struct PalbeCallResult: Encodable {
    let result: AnyCodableValue
    let status: Int
    let requestId: String?
}

/// The request `sdk palbe call` sends, built from its options.
struct PalbeCLIRequest {
    let pbRequest: PBRequest

    init(values: Parsed<PalbeCallParameters>) throws {
        let body = try values.data.map(Self.body(from:))
        var query: [String: AnyCodableValue] = [:]
        for pair in values.query {
            switch query[pair.key] {
            case nil: query[pair.key] = .string(pair.value)
            case .array(let list): query[pair.key] = .array(list + [.string(pair.value)])
            case let single?: query[pair.key] = .array([single, .string(pair.value)])
            }
        }
        var headers: [String: String] = [:]
        for raw in values.headers {
            if let field = Self.headerField(raw) { headers[field.name] = field.value }
        }
        // Spelled out: a bare `nil` next to an AnyCodableValue would type-check as JSON null.
        let queryObject: (any Encodable & Sendable)? = query.isEmpty ? Optional.none : AnyCodableValue.object(query)
        pbRequest = PBRequest(values.method, [.literal(values.name)], body: body, query: queryObject, headers: headers)
    }

    /// `--data`: JSON text, or `@path` to read it from a file.
    static func body(from raw: String) throws -> AnyCodableValue {
        var data = Data(raw.utf8)
        if raw.hasPrefix("@") {
            let path = String(raw.dropFirst())
            guard let contents = FileManager.default.contents(atPath: path) else {
                throw UsageError(code: .invalidValue, message: "cannot read --data file \(UsageError.quoted(path))")
            }
            data = contents
        }
        do {
            return try JSONDecoder().decode(AnyCodableValue.self, from: data)
        } catch {
            throw UsageError(code: .invalidValue, message: "--data is not valid JSON")
        }
    }

    /// `name:value` split at the first colon, the value trimmed; `nil` without a name.
    static func headerField(_ raw: String) -> (name: String, value: String)? {
        guard let colon = raw.firstIndex(of: ":"), colon != raw.startIndex else { return nil }
        let name = raw[..<colon].trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else { return nil }
        return (name, raw[raw.index(after: colon)...].trimmingCharacters(in: .whitespaces))
    }

    /// `value` as indented JSON with sorted keys, for people.
    static func prettyJSON(_ value: AnyCodableValue) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}

/// Where `sdk palbe call` and the Palbe demo point their client.
enum PalbeCLIConfiguration {
    /// The emulator `sdk emulator start` runs by default.
    static let defaultBaseURL = URL(string: "http://127.0.0.1:\(EmulatorConfiguration.defaultPort)")!

    /// Sends `request` with a client configured from the command line, carrying the session `sdk palbe
    /// auth` signed in (if any), and prints the answer: its JSON for people, `{"result","status",
    /// "requestId"}` with `--json`.
    static func send(_ request: PBRequest, values: Parsed<PalbeTargetOptions>, context: OutputContext) async throws {
        let client = try await PalbeAuthCLI.client(values: values, context: context)
        let response = try await client.send(request)
        try context.emit(
            PalbeCallResult(result: response.body, status: response.status, requestId: response.requestID),
            text: [try PalbeCLIRequest.prettyJSON(response.body)])
    }

    /// `--plist`, else `--api-key` with `--base-url` (or the default emulator), else the emulator at that
    /// URL, asked for its keys.
    static func resolve(values: Parsed<PalbeTargetOptions>, context: OutputContext) async throws -> PalbeConfiguration {
        if let path = values.plist {
            var configuration: PalbeConfiguration
            do {
                configuration = try PalbeConfiguration(infoPlistAt: URL(fileURLWithPath: path))
            } catch {
                throw CommandFailure(code: "invalid_plist", message: "\(path): \(error.message)")
            }
            if let baseURL = context.baseURL { configuration.baseURL = baseURL }
            if let apiKey = values.apiKey { configuration.apiKey = apiKey }
            return configuration
        }
        let baseURL = context.baseURL ?? defaultBaseURL
        if let apiKey = values.apiKey {
            return PalbeConfiguration(baseURL: baseURL, apiKey: apiKey, environment: "cli")
        }
        return try await emulatorConfiguration(at: baseURL, environment: context.environment)
    }

    /// The configuration for the emulator at `baseURL`, from its admin `health` document (read with the
    /// admin token `EmulatorAdminClient` finds).
    static func emulatorConfiguration(
        at baseURL: URL, environment: [String: String]
    ) async throws
        -> PalbeConfiguration
    {
        struct Health: Decodable {
            let apiKey: String
            let sealingKey: String?
        }
        let admin = EmulatorAdminClient(baseURL: baseURL, environment: environment)
        let response: HTTPResponse
        do {
            response = try await admin.send("GET", "health")
        } catch let error as TransportError {
            throw CommandFailure(
                code: "emulator_unreachable",
                message: "No emulator answers at \(baseURL.absoluteString) (\(error.message)); start one with "
                    + "'sdk emulator start', or pass --api-key or --plist")
        }
        if response.status == 401, response.headers["Content-Type"]?.hasPrefix("application/json") == true {
            throw admin.failure(response, path: "health")
        }
        guard response.status == 200,
            let health = try? SDKCoders.snakeCaseDecoder().decode(Health.self, from: response.body)
        else {
            throw CommandFailure(
                code: "api_key_required",
                message: "\(baseURL.absoluteString) is not an emulator (no admin API); pass --api-key or --plist")
        }
        return PalbeConfiguration(
            baseURL: baseURL, apiKey: health.apiKey, environment: "local", sealingKey: health.sealingKey)
    }

    /// A runtime whose trace (on with `PALBASE_DEBUG=1` in the command's environment) goes to the
    /// command's stderr, whose request-id record is its own, and whose session lives in `sessionStore`
    /// (the platform's default when nil). It attests with ``TestAppAttester``, in the emulator's test
    /// format: the CLI is no Apple device, so a route that demands App Attest works against the emulator
    /// and is refused (`attestation_unavailable`) by a server that takes only Apple's attestations.
    static func runtime(for context: OutputContext, sessionStore: (any SecureStore)? = nil) -> PalbeRuntime {
        var runtime = PalbeRuntime(
            logger: SinkLogger(sink: context.stderr),
            traceHTTP: PalbeDebugSwitch.isOn(environment: context.environment, arguments: []),
            correlation: PalbeCorrelation(), sessionStore: sessionStore)
        runtime.appAttester = TestAppAttester()
        return runtime
    }
}

/// The options that say where a command's calls go, `--api-key` and `--plist`, which every command that
/// calls a Palbase backend takes.
struct PalbeTargetOptions: CommandParameters {
    let apiKey = Option<String?>.value(
        "api-key", type: .nonEmpty, valueName: "key", help: "The API key, instead of asking the emulator.")
    let plist = Option<String?>.value(
        "plist", type: .nonEmpty, valueName: "path",
        help: "Read base_url, api_key and sealing_key from this Palbase-Info.plist.")
}

/// Writes SDK log records, one line each, to a command's ``TextSink``.
private struct SinkLogger: SDKLogger {
    let sink: TextSink

    func log(_ record: LogRecord) {
        sink.write(StderrLogger.line(for: record))
    }
}
