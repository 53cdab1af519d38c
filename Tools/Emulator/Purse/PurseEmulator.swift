import EmulatorCore
import ErrorCore
import Foundation
import HTTPServer
import SDKCrypto

/// The Purse payment API (`/purse`): the merchant's session endpoint and the checkout API C0–C4 of
/// `purse.md`, backed by the emulator's SQLite (tables in migrations 400–499).
///
/// ```swift
/// var configuration = EmulatorConfiguration.testing()
/// configuration.mount(PurseEmulator(), at: "/purse")
/// ```
///
/// - `POST /payment/v2/client-sessions` (header `x-api-key: <merchantAPIKey>`) mints a session and its
///   `widgetData`, whose `api_root` is this mount (`http://<Host>/purse`).
/// - The checkout routes take `Authorization: Bearer <session_secret>`. `validate` needs an `Idempotency-Key`:
///   the same key and body get the stored answer with `Idempotent-Replayed: true`, another body 422, a key
///   still executing 409 with `Retry-After: 1`; a session takes one payment.
/// - `items/init` (C2) initialises a gift card with its balance (`PurseGiftCardController`); `validate` takes
///   a split (gift-card items beside at most one primary item) and records `payment_preferences.save_token`.
/// - `validate` for PayPal and Klarna answers `WAITING` with this mount's partner page
///   (`GET partners/<partner>/checkout`), where approving or cancelling redirects to the return URL with the
///   contract's query (`PursePartnerController`); Apple Pay takes a token of the contract's shape.
/// - Expiry follows the service's clock: the real time moved by `clock` (admin `purse/clock`).
/// - A `delay` fault on `validate` waits after the key is claimed, so the key is in flight meanwhile; card
///   request bodies never reach the request log.
///
/// Errors are `application/problem+json` with the contract's `error_code`s.
package struct PurseEmulator: EmulatorMountable, EmulatorService {
    /// The merchant API key a fresh service accepts.
    package static let defaultMerchantAPIKey = "sk_test_purse_emulator"

    /// The `x-api-key` the merchant endpoint accepts.
    package let merchantAPIKey: String
    /// How long a new session lives.
    package let sessionLifetime: Duration
    /// How long an `UNCERTAIN` payment takes to settle to `SUCCESS` (seen on C4).
    package let settleDelay: Duration
    /// The service's time: session expiry and settlement (admin `purse/clock`).
    package let clock: EmulatorClock
    /// The payment methods sessions offer.
    package let methods: PurseMethodCatalogue
    /// The key of the gift-card references (`purse_gift_items.card_ref`): random per process, never
    /// stored, so the database cannot be searched for a card number by hashing candidates.
    let giftCardKey = SecureRandom.bytes(32)

    /// A service accepting `merchantAPIKey` and offering `methods` (the repository's catalogue unless told
    /// otherwise); `clock` is the real time, moved by the admin clock offset.
    package init(
        merchantAPIKey: String = PurseEmulator.defaultMerchantAPIKey, sessionLifetime: Duration = .seconds(3_600),
        settleDelay: Duration = .seconds(1), methods: PurseMethodCatalogue = .repository,
        clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.merchantAPIKey = merchantAPIKey
        self.methods = methods
        self.sessionLifetime = sessionLifetime
        self.settleDelay = settleDelay
        self.clock = EmulatorClock(real: clock)
    }

    /// The service's time in milliseconds since the epoch.
    var now: Int64 { clock.nowMilliseconds }

    /// Errors look like Purse's.
    package var errorShape: EmulatorErrorShape { .purse }

    /// The Purse tables (400).
    package var migrations: [Migration] { PurseMigrations.all }

    /// `purse/…` under the admin API (settings, clock offset, sessions and their payments, method states): see `PurseAdminRoutes`.
    package func adminResponse(
        to request: HTTPServerRequest, path: [String], server: EmulatorServer
    ) async throws
        -> HTTPServerResponse?
    {
        guard path.first == "purse" else { return nil }
        return try PurseAdminRoutes(server: server).respond(to: request, path: Array(path.dropFirst()))
    }

    /// The clock offset goes back to 0 with the emptied tables.
    package func didReset(store: SQLiteDatabase) throws {
        clock.offsetSeconds = 0
    }

    /// `validate` waits for a `delay` fault while its key is in flight.
    package var appliesDelayFaults: Bool { true }

    /// Card bodies (`/vault/…`, and a gift card's number and PIN in `items/init`) are never logged.
    package func redactsLoggedBody(subpath: String) -> Bool {
        subpath.hasPrefix("/vault/") || subpath.hasSuffix("/items/init")
    }

    /// Answers one request under the mount.
    package func handle(_ request: EmulatorServiceRequest) async throws -> HTTPServerResponse {
        var response: HTTPServerResponse
        do {
            response = try await answer(request)
        } catch let error as PurseAPIError {
            response = error.response(path: request.http.path, requestID: request.requestID)
        }
        response.headers.set("X-Request-Id", request.requestID)
        return response
    }

    private func answer(_ request: EmulatorServiceRequest) async throws -> HTTPServerResponse {
        guard let segments = try? PalbaseRequestParser.segments(of: request.subpath),
            let route = PurseRoute.match(segments)
        else { throw PurseAPIError.notFound }
        guard request.http.method == route.method else { throw PurseAPIError.methodNotAllowed(route.method) }
        if case .validate = route {
        } else if let delay = request.delay {
            try? await Task.sleep(for: delay)
        }
        let context = PurseContext(request: request, service: self, now: now)
        switch route {
        case .createSession: return try PurseMerchantController(context: context).createSession()
        case .tokenize: return try PurseVaultController(context: context).tokenize()
        case .initialize(let id): return try PurseCheckoutController(context: context).initialize(id)
        case .status(let id): return try PurseCheckoutController(context: context).status(id)
        case .validate(let id): return try await PurseValidateController(context: context).validate(id)
        case .initializeItem(let id): return try PurseGiftCardController(context: context).initialize(id)
        case .partnerPage(let partner): return try PursePartnerController(context: context).page(partner)
        case .partnerDecision(let partner, let approve):
            return try PursePartnerController(context: context).decide(partner, approve: approve)
        }
    }
}

/// The routes under `/purse`.
enum PurseRoute {
    case createSession
    case tokenize
    case initialize(String)
    case validate(String)
    case status(String)
    /// C2 `items/init`.
    case initializeItem(String)
    /// The partner's page (PayPal, Klarna) the shopper is redirected to.
    case partnerPage(String)
    /// The shopper's choice on it.
    case partnerDecision(String, approve: Bool)

    static func match(_ segments: [String]) -> PurseRoute? {
        switch segments {
        case ["payment", "v2", "client-sessions"]: .createSession
        case ["vault", "v1", "cards"]: .tokenize
        case let path
        where path.count == 6 && path[0...2] == ["checkout", "v1", "sessions"] && path[4...5] == ["items", "init"]:
            .initializeItem(path[3])
        case let path where path.count == 3 && path[0] == "partners" && path[2] == "checkout": .partnerPage(path[1])
        case let path where path.count == 4 && path[0] == "partners" && path[2] == "checkout":
            switch path[3] {
            case "approve": .partnerDecision(path[1], approve: true)
            case "cancel": .partnerDecision(path[1], approve: false)
            default: nil
            }
        case let path where path.count == 5 && path[0...2] == ["checkout", "v1", "sessions"]:
            switch path[4] {
            case "init": .initialize(path[3])
            case "validate": .validate(path[3])
            case "status": .status(path[3])
            default: nil
            }
        default: nil
        }
    }

    var method: String {
        switch self {
        case .status, .partnerPage, .partnerDecision: "GET"
        default: "POST"
        }
    }
}

/// What one request's handler works with.
struct PurseContext {
    let request: EmulatorServiceRequest
    let service: PurseEmulator
    /// The request's instant on the service's clock, in milliseconds.
    let now: Int64

    var store: SQLiteDatabase { request.store }
    var http: HTTPServerRequest { request.http }

    /// The body as a JSON object; an empty body is `{}` when `allowEmpty`.
    func body(allowEmpty: Bool = false) throws -> [String: AnyCodableValue] {
        if allowEmpty && http.body.isEmpty { return [:] }
        guard let value = SampleJSON.parse(http.body),
            case .object(let object) = value
        else { throw PurseAPIError.invalidParams("", "The body must be a JSON object") }
        return object
    }

    /// The session the bearer secret opens; 401 without a matching secret, 404 for another session's id.
    func authorizedSession(_ id: String?) throws -> PurseSession {
        guard let header = http.headers["Authorization"], header.hasPrefix("Bearer ") else {
            throw PurseAPIError.unauthorized
        }
        let hash = PurseSession.secretHash(String(header.dropFirst("Bearer ".count)))
        guard let row = try store.query("SELECT * FROM purse_sessions WHERE secret_hash = ?", [.text(hash)]).first,
            let session = PurseSession(row)
        else { throw PurseAPIError.unauthorized }
        if let id, id != session.id { throw PurseAPIError.notFound }
        return session
    }

    /// The session `id` as stored now (inside a transaction, the up-to-date row).
    func session(_ id: String) throws -> PurseSession? {
        try store.query("SELECT * FROM purse_sessions WHERE id = ?", [.text(id)]).first.flatMap(PurseSession.init)
    }

    /// The mount's root URL as the client reached it: `http://<Host><mount>`.
    var apiRoot: String {
        let host = http.headers["Host"] ?? "127.0.0.1"
        return "http://\(host)\(request.mountPrefix)"
    }

    /// A JSON answer.
    func json(_ value: AnyCodableValue, status: Int = 200, headers: HTTPHeaders = [:]) -> HTTPServerResponse {
        .json(status, value.jsonText, headers: headers)
    }
}
