import ErrorCore
import Foundation
import SDKCrypto
import SDKTransport

// A client's runtime seams, and the request-id record it keeps.

// MARK: - PalbeRuntime

/// The client's seams to the world besides the transport: logging, the debug trace switch, the
/// correlation record, retry timing and randomness, and where the signed-in session is kept.
/// ``live`` is what apps get; tests substitute a capturing logger, a clock whose sleep returns at
/// once and whose jitter is fixed, and a session store of their own.
package struct PalbeRuntime: Sendable {
    /// Where the HTTP trace goes.
    package var logger: any SDKLogger
    /// Whether the HTTP trace is on (`PALBASE_DEBUG=1` or `-PalbaseDebug YES` in ``live``).
    package var traceHTTP: Bool
    /// Where the last request id is recorded.
    package var correlation: PalbeCorrelation
    /// When idempotent requests are resent.
    package var retryPolicy: BackoffPolicy
    /// Time, the waits between attempts, backoff jitter, and the wall clock tokens expire by.
    package var clock: SDKClock
    /// Where `pb.auth` keeps the session, the cached user and the DPoP device key, as one item, and
    /// the App Attest key id as another; `nil` for the platform's own
    /// (``SessionStorage/platformDefault``: the Keychain on Apple platforms, owner-only files under the
    /// user's data directory elsewhere).
    ///
    /// The hook for tools that keep the session somewhere of their own: the `sdk` CLI points it at
    /// `.sdk/palbe` with ``SessionStorage/directory(_:)``.
    package var sessionStore: (any SecureStore)?
    /// The session store of an app group (`configure(messagingAppGroup:)`), or `nil` when the group is
    /// unusable; `nil` for the platform's own (``SessionStorage/appGroup(_:environment:)``). Tests map
    /// groups to directories of their own.
    package var appGroupStore: (@Sendable (String) -> (any SecureStore)?)?
    /// How long a request, a sign-in's proof or a sign-out waits for a session store that cannot be
    /// read now (``SecureStoreError/Kind/unavailable``) before going on without it. 10 s.
    package var sessionStoreWaitLimit: Duration = .seconds(10)
    /// What holds the passkeys; `nil` for the platform's own (``PasskeyAuthenticators/platformDefault(store:)``:
    /// the system sheet on Apple platforms, a ``SoftwareAuthenticator`` over the session store elsewhere).
    package var passkeyAuthenticator: (any PasskeyAuthenticator)?
    /// What presents OAuth provider pages when a call names no presenter; `nil` for the platform's
    /// own (``OAuthPresenters/platformDefault``). Tests and the `sdk` CLI set it.
    package var oauthPresenter: (any OAuthPresenter)?
    /// The sheet Sign in with Apple runs in when the plist configures Apple `native`; `nil` for the platform's
    /// own (``AppleIDAuthorizers/platformDefault``: Apple's sheet on Apple platforms, none elsewhere, where
    /// Apple's flow runs in the web sheet). Tests script one.
    package var appleIDAuthorizer: (any AppleIDAuthorizer)?
    /// The biometry behind `pb.auth.localGate`; `nil` for the platform's own
    /// (``BiometricKeychains/platformDefault``). Tests script one.
    package var biometrics: (any BiometricKeychain)?
    /// What attests this device when a route demands App Attest; `nil` for the platform's own
    /// (``AppAttesters/platformDefault``: `DCAppAttestService` where DeviceCheck exists, none
    /// elsewhere). Tests and the CLI give a `TestAppAttester` (in `PalbeTesting`).
    package var appAttester: (any AppAttester)?

    /// A runtime from its parts; every part has the live default.
    package init(
        logger: any SDKLogger = PalbeRuntime.defaultLogger, traceHTTP: Bool = PalbeDebugSwitch.isOn,
        correlation: PalbeCorrelation = .shared, retryPolicy: BackoffPolicy = .palbe, clock: SDKClock = .live,
        sessionStore: (any SecureStore)? = nil, passkeyAuthenticator: (any PasskeyAuthenticator)? = nil
    ) {
        self.logger = logger
        self.traceHTTP = traceHTTP
        self.correlation = correlation
        self.retryPolicy = retryPolicy
        self.clock = clock
        self.sessionStore = sessionStore
        self.passkeyAuthenticator = passkeyAuthenticator
    }

    /// What apps run with.
    package static var live: PalbeRuntime { PalbeRuntime() }

    /// The HTTP trace (``ExchangeTrace/Configuration/palbe``), off unless ``traceHTTP``.
    package var trace: ExchangeTrace {
        ExchangeTrace(.palbe, logger: logger, enabled: traceHTTP)
    }

    /// Standard error on Linux, the unified logging system on Apple platforms; only consulted when
    /// the trace is on.
    package static var defaultLogger: any SDKLogger {
        #if canImport(os)
            UnifiedLogger()
        #else
            StderrLogger(minimumLevel: .trace)
        #endif
    }
}

/// The debug switch, read once per process: `PALBASE_DEBUG=1` in the environment, or the launch
/// arguments `-PalbaseDebug YES`. There is no API to change it at run time.
package enum PalbeDebugSwitch {
    /// Whether the HTTP trace is on for this process.
    package static let isOn: Bool = isOn(
        environment: ProcessInfo.processInfo.environment, arguments: ProcessInfo.processInfo.arguments)

    /// The rule, with its inputs injected.
    package static func isOn(environment: [String: String], arguments: [String]) -> Bool {
        if DebugFlag.isOn(environment["PALBASE_DEBUG"]) { return true }
        guard let index = arguments.firstIndex(of: "-PalbaseDebug"), arguments.indices.contains(index + 1) else {
            return false
        }
        return DebugFlag.isOn(arguments[index + 1])
    }
}

// MARK: - PalbeCorrelation

/// The request id of the most recent completed request, for crash reports and support tickets.
///
/// ```swift
/// let requestId = await PalbeCorrelation.shared.lastRequestID   // "req_0d5e7c3a-…"
/// ```
///
/// It is the `X-Request-Id` of the last response any call received, success or failure (with
/// retries, the last attempt's). A call that got no response at all leaves it unchanged.
///
/// Reading it is `async` (the seed's call shape); writing is a plain locked store, so recording a
/// response costs every call no hop to another executor (an actor did, measurably).
public final class PalbeCorrelation: Sendable {
    /// The process-wide record every client writes to unless a test gave it its own.
    public static var shared: PalbeCorrelation { scoped ?? process }

    private static let process = PalbeCorrelation()

    /// A record that stands in for ``shared`` within a task tree, for tests.
    ///
    /// A test process runs many clients at once, so the process-wide record there is whichever one
    /// finished last. A test that reads ``shared`` as an app does (the seed samples) binds its own
    /// record here around the clients it creates and the code that reads it, and sees only its own
    /// requests, as an app with one client would.
    @TaskLocal package static var scoped: PalbeCorrelation?

    private let last = Locked<String?>(nil)

    /// The `X-Request-Id` of the most recently completed request, or `nil` before the first.
    public var lastRequestID: String? {
        get async { last.withLock { $0 } }
    }

    /// A separate record, for tests that must not share ``shared``.
    package init() {}

    /// Records the id of a response just received.
    func record(_ requestID: String) {
        last.withLock { $0 = requestID }
    }
}
