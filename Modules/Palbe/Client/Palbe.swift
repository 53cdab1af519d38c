import ErrorCore
import Foundation
import SDKTransport

// The client: its configuration, its pipeline and session, the global `pb`, raw access and what it shows
// of itself.

// MARK: - Palbe

/// The client for your Palbase backend. Apps use the global ``pb``; tests, servers and
/// multi-environment tools create their own with ``init(configuration:transport:)``.
///
/// Every way of calling the backend — generated methods, ``call(_:_:as:method:headers:)`` and a
/// hand-built ``PBEndpoint`` — goes through one transport path that adds the contract's headers,
/// seals bodies on sealed paths, solves proof-of-work challenges, retries idempotent requests, maps
/// failures to ``BackendError`` and records the request id in ``PalbeCorrelation``.
///
/// A client is safe to share across tasks; it holds no per-call state.
public final class PalbeClient: Sendable {
    /// The SDK version, sent in `User-Agent` and `X-Palbase-Client`.
    public static let version = "0.1.0"

    /// The environment this client talks to.
    public let configuration: PalbeConfiguration

    /// The one path every request takes, shared with the session manager.
    let pipeline: RequestPipeline
    var transport: any Transport { pipeline.transport }
    var runtime: PalbeRuntime { pipeline.runtime }
    var base: RequestBase { pipeline.base }
    /// The signed-in session behind ``auth``, installed as the session authority.
    package let session: SessionManager
    private let errorHook = Locked<(@Sendable (BackendError) -> Void)?>(nil)
    private let authority = Locked<(any PalbeSessionAuthority)?>(nil)
    /// The app group the session lives in (``configure(messagingAppGroup:)``), if one was configured.
    let appGroupInForce = Locked<String?>(nil)

    /// A client for `configuration`, sending through `transport` (by default the process-wide one).
    ///
    /// The configuration is not validated here: a client with an unusable base URL or a blank API key
    /// throws ``BackendError/notConfigured`` from every call, and sends nothing.
    public convenience init(configuration: PalbeConfiguration, transport: any Transport = DefaultTransport.make()) {
        self.init(configuration: configuration, transport: transport, runtime: .live)
    }

    /// A client with its runtime seams injected (tests, and tools that keep the session elsewhere:
    /// ``PalbeRuntime/sessionStore``).
    ///
    /// The persisted session starts loading here, in the background; see ``auth``.
    package init(configuration: PalbeConfiguration, transport: any Transport, runtime: PalbeRuntime) {
        self.configuration = configuration
        pipeline = RequestPipeline(configuration: configuration, transport: transport, runtime: runtime)
        let trace = runtime.trace
        session = SessionManager(
            persistence: SessionPersistence(
                store: runtime.sessionStore ?? SessionStorage.platformDefault,
                key: SessionStorage.itemKey(for: configuration),
                previous: runtime.sessionStore == nil ? SessionStorage.earlierPlatformHomes : []),
            pipeline: pipeline, clock: runtime.clock, storeWaitLimit: runtime.sessionStoreWaitLimit,
            note: { trace.note($0) })
        authority.withLock { $0 = session }
        session.startHydration()
    }

    /// Installs the central error hook: it sees every ``BackendError`` exactly once, before it is
    /// thrown — also when the call site uses `try?`.
    ///
    /// ```swift
    /// pb.configure { error in
    ///     Telemetry.record(code: error.code, requestId: error.requestId)
    /// }
    /// ```
    ///
    /// Calling it again replaces the hook; passing `nil` removes it. Generated per-endpoint errors
    /// never re-fire it: they lift a `BackendError` the hook has already seen. The hook runs on the
    /// calling task, synchronously, so keep it short.
    public func configure(onError: (@Sendable (BackendError) -> Void)? = nil) {
        errorHook.withLock { $0 = onError }
    }

    /// Replaces the session layer requests consult (by default this client's own `pb.auth`
    /// session), or removes it with `nil`; for tests of the transport path.
    package func install(sessionAuthority: (any PalbeSessionAuthority)?) {
        authority.withLock { $0 = sessionAuthority }
    }

    /// The session layer in force, if any.
    var sessionAuthority: (any PalbeSessionAuthority)? {
        authority.withLock { $0 }
    }

    /// Hands `error` to the hook; called only from `perform(_:reading:)`, the single place it fires.
    func report(_ error: BackendError) {
        let hook = errorHook.withLock { $0 }
        hook?(error)
    }
}

extension PalbeClient {
    /// A backend call through the pipeline: the standard rules, the session in force.
    func exchange(_ request: PBRequest) async throws(BackendError) -> Delivery {
        var rejection: ExchangeRejection?
        return try await exchange(request, rejection: &rejection)
    }

    /// ``exchange(_:)``, also telling which response the call ended on when it threw after a non-2xx.
    func exchange(_ request: PBRequest, rejection: inout ExchangeRejection?) async throws(BackendError) -> Delivery {
        try await pipeline.exchange(request, plan: .call(runtime), authority: sessionAuthority, rejection: &rejection)
    }
}

// MARK: - GlobalClient

/// The app's Palbase client, configured from `Palbase-Info.plist` on first use (see
/// ``PalbeConfiguration/fromInfoPlist()`` for where the file is looked for).
///
/// ```swift
/// let todos: [Todo] = try await pb.call("todos", method: .get)
/// ```
///
/// A misconfigured build dies at first use with `fatalError("Palbe: \(error.message)")`
/// (``AppConfigError``) rather than limping on: a missing or unusable plist is a build mistake, not
/// a run-time condition to recover from.
public let pb: PalbeClient = {
    do throws(AppConfigError) {
        return PalbeClient(configuration: try PalbeConfiguration.fromInfoPlist())
    } catch {
        fatalError("Palbe: \(error.message)")
    }
}()

// MARK: - Palbe+Raw

/// A 2xx answer read as open JSON, for tools that print whatever the backend said (the `sdk` CLI).
package struct PalbeRawResponse: Sendable, Equatable {
    /// The HTTP status.
    package let status: Int
    /// The body as JSON; `null` for an empty body.
    package let body: AnyCodableValue
    /// The response's `X-Request-Id`.
    package let requestID: String?
}

extension PalbeClient {
    /// Sends `request` through the one transport path and returns the status, the body as open JSON
    /// and the request id. Failures are ``BackendError``, reported to the hook first, exactly as for
    /// every other call.
    package func send(_ request: PBRequest) async throws(BackendError) -> PalbeRawResponse {
        try await perform(request) { delivery throws(BackendError) in
            PalbeRawResponse(
                status: delivery.status, body: try delivery.decoded(as: AnyCodableValue.self),
                requestID: delivery.requestID)
        }
    }
}

// MARK: - Palbe+Reflection

extension PalbeClient: CustomReflectable {
    /// The environment and the base URL, nothing else: `dump(pb)` and a debugger show which backend a
    /// client talks to, never the signed-in session (its tokens and device key), the API key, or the
    /// transport's internals (reflecting Foundation's `URLSession` on Linux crashes the runtime).
    public var customMirror: Mirror {
        Mirror(
            self, children: ["environment": configuration.environment, "baseURL": configuration.baseURL],
            displayStyle: .class)
    }
}
