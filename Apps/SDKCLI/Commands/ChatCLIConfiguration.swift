import ChatbaseSDK
import Emulator
import ErrorCore
import Foundation

/// Where `sdk chat` and the Chatbase demo point their client, where the client keeps its state, and how
/// failures read on the command line.
///
/// The base-URL rule: `--base-url` (or `$SDK_BASE_URL`) with no path is an emulator root, so `/api/sdk`
/// is appended (`http://127.0.0.1:54321` → `http://127.0.0.1:54321/api/sdk`); one with a path is the
/// Chatbase API itself and is used as given (`https://www.chatbase.co/api/sdk`). Without either, the
/// local emulator's `http://127.0.0.1:54321/api/sdk`. The emulator's admin API (`sdk chat agent`) lives
/// at the root: the API URL without its trailing `/api/sdk`.
enum ChatCLIConfiguration {
    /// Where the emulator mounts the Chatbase API.
    static let apiPath = "/api/sdk"
    /// The agent a fresh emulator seeds.
    static let defaultAgent = "emulator-agent"
    /// The identity JWT `sdk chat identify` reads when not given `--token-stdin`.
    static let tokenVariable = "SDK_CHAT_TOKEN"
    /// Where the client's device ID and identity token live, when set.
    static let dataDirectoryKey = "SDK_CHAT_DATA_DIR"
    /// The state directory otherwise, relative to the working directory.
    static let defaultDataDirectory = ".sdk/chat"
    /// `CHATBASE_DEBUG=1` traces the SDK's diagnostics (never tokens or message text) on stderr: the
    /// switch the SDK itself and its docs name, with the same spellings (`1`, `yes`, `true`).
    static let debugKey = "CHATBASE_DEBUG"
    /// The local emulator's Chatbase API.
    static let defaultAPIURL = URL(string: "http://127.0.0.1:\(EmulatorConfiguration.defaultPort)\(apiPath)")!

    /// The `--agent` option every chat command shares.
    static let agentOption = Option.value(
        "agent", type: .nonEmpty, valueName: "id", default: defaultAgent,
        help: "The agent to talk to; the emulator seeds \(defaultAgent).")

    /// The Chatbase API base for `baseURL` (the global option), following the rule in the type's discussion.
    static func apiURL(_ baseURL: URL?) -> URL {
        guard let baseURL else { return defaultAPIURL }
        guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false) else { return baseURL }
        if components.path.isEmpty || components.path == "/" {
            components.path = apiPath
            return components.url ?? baseURL
        }
        return baseURL
    }

    /// The emulator root whose admin API serves `baseURL`'s Chatbase API: the API URL without `/api/sdk`.
    static func emulatorRoot(_ baseURL: URL?) -> URL {
        let api = apiURL(baseURL)
        guard var components = URLComponents(url: api, resolvingAgainstBaseURL: false) else { return api }
        var path = components.path
        while path.hasSuffix("/") { path.removeLast() }
        if path.hasSuffix(apiPath) { path.removeLast(apiPath.count) }
        components.path = path
        return components.url ?? api
    }

    /// `$SDK_CHAT_DATA_DIR` when set and not empty, else `.sdk/chat` in the working directory; never the
    /// SDK's standard per-user location, so the CLI cannot disturb an app's state.
    static func dataDirectory(environment: [String: String]) -> URL {
        if let path = environment[dataDirectoryKey], !path.isEmpty { return URL(fileURLWithPath: path) }
        return URL(fileURLWithPath: defaultDataDirectory)
    }

    /// Whether ``debugKey`` turns the trace on, by the rule every SDK switch shares (`DebugFlag`).
    static func debugEnabled(environment: [String: String]) -> Bool {
        DebugFlag.isOn(environment[debugKey])
    }

    /// A client for `agent` at the command's base URL, keeping its state in ``dataDirectory(environment:)``.
    static func client(agent: String, context: OutputContext, directory: URL? = nil) -> ChatbaseClient {
        let debug = debugEnabled(environment: context.environment)
        return ChatbaseClient(
            agentId: agent, baseURL: apiURL(context.baseURL).absoluteString,
            timeouts: RequestTimeouts(request: .seconds(30)),
            storage: ChatbaseStorage(directory: directory ?? dataDirectory(environment: context.environment)),
            logger: debug ? ChatSinkLogger(sink: context.stderr) as any SDKLogger : NoLogger())
    }

    /// `error` as the command reports it: a server nobody answers at becomes `emulator_unreachable` with
    /// a hint; everything else (``APIError``, ``ChatError``, cancellation) passes through unchanged, and
    /// the output layer prints its code and status.
    static func failure(_ error: any Error, context: OutputContext) -> any Error {
        guard case .networkError(let underlying)? = error as? APIError, let urlError = underlying as? URLError,
            unreachableCodes.contains(urlError.code)
        else { return error }
        return unreachable(apiURL(context.baseURL), detail: "URLError \(urlError.code.rawValue)")
    }

    /// The failure for a server that does not answer at all.
    static func unreachable(_ url: URL, detail: String) -> CommandFailure {
        CommandFailure(
            code: "emulator_unreachable",
            message: "No Chatbase server answers at \(url.absoluteString) (\(detail)); start the local emulator "
                + "with 'sdk emulator start', or point --base-url at a running one")
    }

    private static let unreachableCodes: Set<URLError.Code> = [
        .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed, .notConnectedToInternet,
    ]
}

/// Writes the SDK's log records, one line each, to a command's stderr.
private struct ChatSinkLogger: SDKLogger {
    let sink: TextSink

    func log(_ record: LogRecord) {
        sink.write(StderrLogger.line(for: record))
    }
}
