import EmulatorCore
import ErrorCore
import Foundation
import HTTPServer

/// The Palbase sample backend: the controller routes its OpenAPI document describes (by default
/// `Specs/palbase/openapi.json`, see `SampleSpec`), mounted on the emulator as one `PalbaseRouteHandler`.
///
/// It serves `health`, `todos.*` (list, create, get, update, delete, archive, lock, and the `todos.attach`
/// upload), `rooms.create`, `rooms.search` (QUERY), `messaging.send`, the schema-enforced
/// `docs.insert`/`docs.get` under the sealed `/v1/docs`, and the OpenAPI document itself at
/// `GET /openapi.json`: each at the path and method the document gives it, with the declared errors' statuses,
/// upload limits and collection schemas the document sets. An operation the document declares that the
/// backend does not implement answers 501 `not_implemented`.
///
/// Data belongs to `PalbaseRequest.tenant`; the rate limit belongs to the `apikey` header (falling back to
/// the tenant). Every failure is a `PalbaseHTTPError` with a 4xx status: hostile input never reaches a
/// generic 500. Safe to share across tasks; the configuration may be changed while serving.
package final class SampleBackend: PalbaseRouteHandler {
    private let settings: Locked<SampleBackendConfiguration>
    private let rateLimiter = SampleRateLimiter()
    private let clock: @Sendable () -> Date

    /// Creates the backend. `clock` is read once per request; tests pass a fixed or steppable one to make
    /// lock expiry and rate limits deterministic.
    package init(
        configuration: SampleBackendConfiguration = .init(), clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        settings = Locked(configuration)
        self.clock = clock
    }

    /// The current configuration; setting it takes effect from the next request (a changed rate limit
    /// starts every API key with a full bucket).
    package var configuration: SampleBackendConfiguration {
        get { settings.withLock { $0 } }
        set { settings.withLock { $0 = newValue } }
    }

    /// Sets or removes (nil) the per-API-key rate limit.
    package func setRateLimit(_ limit: SampleRateLimit?) {
        settings.withLock { $0.rateLimit = limit }
    }

    /// Sets the per-caller todo quota.
    package func setTodoQuota(_ quota: Int) {
        settings.withLock { $0.todoQuota = quota }
    }

    /// The sample tables, versions 100–103.
    package var migrations: [Migration] { SampleMigrations.all }

    /// The attachment upload reads bodies up to its file limit plus framing; every other route keeps the
    /// platform's limit.
    package func maxBodyBytes(method: String, segments: [String]) -> Int? {
        let spec = configuration.spec
        guard case .operation(let operation, _)? = try? SampleRoute.match(method: method, segments: segments, in: spec)
        else { return nil }
        return operation.upload?.maxBodyBytes
    }

    /// Nothing to re-seed; rate-limit buckets start over with the emptied tables.
    package func didReset(store: SQLiteDatabase) throws {
        rateLimiter.reset()
    }

    /// Answers a sample route, or nil when the path is not one.
    package func handle(_ request: PalbaseRequest, store: SQLiteDatabase) async throws -> PalbaseResponse? {
        let configuration = self.configuration
        guard
            let route = try SampleRoute.match(
                method: request.method, segments: request.segments, in: configuration.spec)
        else { return nil }
        let now = SampleTimestamp.milliseconds(clock())
        let key = request.headers["apikey"] ?? request.tenant
        if let retryAfter = rateLimiter.admit(key: key, limit: configuration.rateLimit, now: now) {
            throw SampleErrors.rateLimited(retryAfter: retryAfter)
        }
        guard case .operation(let operation, let parameters) = route else {
            return PalbaseResponse(status: 200, json: configuration.spec.data)
        }
        let context = SampleContext(
            request: request, store: store, now: now, configuration: configuration, operation: operation)
        guard let implemented = SampleOperation(rawValue: operation.id) else {
            throw PalbaseHTTPError(
                status: 501, code: "not_implemented",
                description:
                    "The sample backend does not implement \(operation.id), which its OpenAPI document declares")
        }
        return try dispatch(implemented, parameters: parameters, context)
    }

    private func dispatch(
        _ operation: SampleOperation, parameters: [String: String], _ context: SampleContext
    ) throws -> PalbaseResponse {
        let todos = SampleTodosController(context: context)
        let rooms = SampleRoomsController(context: context)
        let documents = SampleDocumentsController(context: context)
        // Loading the document checked that the path names exactly the parameters each handler reads.
        let id = parameters["id"] ?? ""
        let collection = parameters["collection"] ?? ""
        switch operation {
        case .health:
            return .json(.object(["status": .string("ok"), "time": SampleJSON.timestamp(context.now)]))
        case .listTodos: return try todos.list()
        case .createTodo: return try todos.create()
        case .getTodo: return try todos.get(id: id)
        case .updateTodo: return try todos.update(id: id)
        case .deleteTodo: return try todos.delete(id: id)
        case .archiveTodo: return try todos.archive(id: id)
        case .lockTodo: return try todos.lock(id: id)
        case .attachToTodo: return try SampleAttachmentsController(context: context).attach(todoID: id)
        case .createRoom: return try rooms.create()
        case .searchRooms: return try rooms.search()
        case .sendMessage: return try SampleMessagingController(context: context).send()
        case .insertDocument: return try documents.insert(collection: collection)
        case .getDocument: return try documents.get(collection: collection, id: id)
        }
    }
}

/// What one request's operation works with.
struct SampleContext {
    let request: PalbaseRequest
    let store: SQLiteDatabase
    /// The request's instant, in milliseconds since the epoch.
    let now: Int64
    let configuration: SampleBackendConfiguration
    /// The operation being answered, as the OpenAPI document declares it.
    let operation: SampleSpecOperation

    /// Whose data this is: the signed-in user's own (`<tenant>/<user id>`) when a bearer names one, else the
    /// API key's anonymous tenant.
    var tenant: String { request.userID.map { "\(request.tenant)/\($0)" } ?? request.tenant }

    /// The body as a JSON object, within the configured size.
    func body() throws -> SampleBodyReader {
        try SampleBodyReader(body: request.body, maxBytes: configuration.maxBodyBytes)
    }

    /// The operation's declared error `code`, with the status its `x-palbase-errors` entry gives.
    ///
    /// Loading the document checked that it declares every code the operation's handler answers
    /// (`SampleOperation.raises`); were one missing all the same, the answer is a 500 saying so, never an
    /// undeclared error.
    func error(
        _ code: SampleErrorCode, _ description: String, data: AnyCodableValue? = nil, headers: [(String, String)] = []
    ) -> PalbaseHTTPError {
        guard let declared = operation.declaredErrors[code.rawValue] else {
            return PalbaseHTTPError(
                status: 500, code: "internal_error",
                description: "\(operation.id) answered \(code.rawValue), which its OpenAPI document does not declare")
        }
        return declared.error(description, data: data, headers: headers)
    }

    /// What the request body schema allows for `field` (no limits when it says nothing).
    func limits(_ field: String) -> SampleFieldLimits {
        operation.fieldLimits[field] ?? SampleFieldLimits()
    }

    /// The operation's upload rules, which loading the document required of an upload.
    func attachmentRules() throws -> SampleAttachmentRules {
        guard let upload = operation.upload else {
            throw PalbaseHTTPError(
                status: 500, code: "internal_error", description: "\(operation.id) declares no x-palbase-upload")
        }
        return upload
    }

    /// A fresh opaque id: `prefix`, an underscore and 32 lowercase hex digits.
    func newID(_ prefix: String) -> String {
        prefix + "_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
    }

    /// Whole seconds from now until `instant`, rounded up and at least 1.
    func secondsUntil(_ instant: Int64) -> Int {
        max(1, Int((instant - now + 999) / 1000))
    }
}

extension PalbaseResponse {
    /// A JSON response rendered with sorted keys.
    static func json(_ value: AnyCodableValue, status: Int = 200, headers: [(String, String)] = []) -> PalbaseResponse {
        PalbaseResponse(status: status, json: SampleJSON.render(value), headers: headers)
    }

    /// A JSON response rendered with sorted keys, its numbers as they were received.
    static func json(_ value: ExactJSON, status: Int = 200, headers: [(String, String)] = []) -> PalbaseResponse {
        PalbaseResponse(status: status, json: SampleJSON.render(value), headers: headers)
    }
}
