import EmulatorCore
import ErrorCore
import Foundation
import HTTPServer

/// The Palbase service mounted at `/` as it runs on one server (``PalbaseService`` attached): API-key check,
/// request ids, sealing, proof of work, App Attest, the error envelope, and dispatch to the `PalbaseRouteHandler`s.
final class PalbasePlatform: EmulatorService {
    static let sealingKeyPath = "/.well-known/palbase-sealing-key"
    static let appSiteAssociationPath = "/.well-known/apple-app-site-association"

    let handlers: [any PalbaseRouteHandler]
    private let store: SQLiteDatabase
    private let identity: EmulatorIdentity
    let proofOfWork: ProofOfWorkGate
    let appAttest: AppAttestGate
    private let maxBodyBytes: Int

    init(
        handlers: [any PalbaseRouteHandler], store: SQLiteDatabase, identity: EmulatorIdentity,
        proofOfWork: ProofOfWorkGate, appAttest: AppAttestGate, maxBodyBytes: Int
    ) {
        self.handlers = handlers
        self.store = store
        self.identity = identity
        self.proofOfWork = proofOfWork
        self.appAttest = appAttest
        self.maxBodyBytes = maxBodyBytes
    }

    // MARK: - EmulatorService

    func handle(_ request: EmulatorServiceRequest) async throws -> HTTPServerResponse {
        await respond(to: request.http, requestID: request.requestID)
    }

    /// The handlers re-seed; proof-of-work and App Attest rules go back to the configured ones.
    func didReset(store: SQLiteDatabase) throws {
        for handler in handlers { try handler.didReset(store: store) }
        proofOfWork.rules.restoreConfigured()
        appAttest.rules.restoreConfigured()
    }

    func adminResponse(
        to request: HTTPServerRequest, path: [String], server: EmulatorServer
    ) async throws
        -> HTTPServerResponse?
    {
        try PalbaseAdminRoutes(platform: self, server: server).respond(to: request, path: path)
    }

    /// Answers one request; never throws, every failure becomes an envelope (sealed when the request was).
    func respond(to request: HTTPServerRequest, requestID: String) async -> HTTPServerResponse {
        var session: PalbaseSealing.Session?
        do {
            if let document = try wellKnownDocument(request) {
                return try finish(PalbaseResponse(json: document), requestID: requestID, session: nil)
            }
            // A plain loop: a page may change state, so each handler is asked exactly once.
            for handler in handlers {
                if var page = handler.publicPage(request, tenant: identity.tenantID, store: store) {
                    page.headers.set("X-Request-Id", requestID)
                    return page
                }
            }
            guard let apiKey = request.headers["apikey"], apiKey == identity.apiKey else {
                throw PalbaseHTTPError(
                    status: 401, code: "invalid_api_key", description: "Missing or invalid apikey header")
            }
            let limit = bodyLimit(method: request.method, path: request.path)
            guard request.body.count <= limit else { throw Self.payloadTooLarge(limit: limit) }
            let segments = try PalbaseRequestParser.segments(of: request.path)
            let query = try PalbaseRequestParser.query(request.query)
            var body = request.body
            if let version = request.headers[PalbaseSealing.header] {
                guard version == PalbaseSealing.version else {
                    throw PalbaseHTTPError(
                        status: 400, code: "sealing_invalid", description: "Unsupported sealing version \(version)")
                }
                let opened = try PalbaseSealing.open(
                    body, method: request.method, path: request.path, with: identity.sealingKey)
                body = opened.plaintext
                session = opened.session
            } else if !body.isEmpty, PalbaseSealing.requiresSealing(request.path) {
                throw PalbaseHTTPError(
                    status: 400, code: "sealing_required", description: "Bodies sent to \(request.path) must be sealed")
            }
            try proofOfWork.check(path: request.path, headers: request.headers)
            if let response = try appAttest.answer(method: request.method, path: request.path, body: body) {
                return try finish(response, requestID: requestID, session: session)
            }
            // The assertion covers the body as it travelled: sealed, when it was.
            try appAttest.check(path: request.path, headers: request.headers, rawBody: request.body)
            var palbaseRequest = PalbaseRequest(
                method: request.method, path: request.path, segments: segments, query: query,
                headers: request.headers, body: body, tenant: identity.tenantID, requestID: requestID)
            palbaseRequest.userID = try subject(of: palbaseRequest)
            for handler in handlers {
                if let response = try await handler.handle(palbaseRequest, store: store) {
                    return try finish(response, requestID: requestID, session: session)
                }
            }
            throw PalbaseHTTPError.notFound(request.path)
        } catch {
            var response = PalbaseEnvelope.response(for: PalbaseHTTPError.converting(error), requestID: requestID)
            if let session, case .bytes(let envelope) = response.body,
                let sealed = try? PalbaseSealing.seal(envelope, for: session)
            {
                response.body = .bytes(sealed)
                response.headers.set(PalbaseSealing.header, PalbaseSealing.version)
            }
            return response
        }
    }

    /// The user a bearer names on a data route: the first handler that issues bearers decides (and refuses a
    /// dead one). `/auth/` routes read their own bearers, and without an `Authorization` header the request
    /// belongs to the API key's anonymous tenant.
    private func subject(of request: PalbaseRequest) throws -> String? {
        guard request.headers["Authorization"] != nil, request.segments.first != "auth" else { return nil }
        for handler in handlers {
            if let userID = try handler.subject(of: request, store: store) { return userID }
        }
        return nil
    }

    /// The largest body Palbase reads for `method` at `path`: the route's own limit when a handler sets one
    /// (an upload route), the platform's otherwise.
    func bodyLimit(method: String, path: String) -> Int {
        routeBodyLimit(method: method, path: path) ?? maxBodyBytes
    }

    /// A handler's limit for the route, or nil when the route keeps the platform's.
    private func routeBodyLimit(method: String, path: String) -> Int? {
        guard let segments = try? PalbaseRequestParser.segments(of: path) else { return nil }
        return handlers.lazy.compactMap { $0.maxBodyBytes(method: method, segments: segments) }.first
    }

    /// The error for a request whose declared body is over its upload route's limit, answered before the body
    /// is read (the emulator's `HTTPServer.Configuration.earlyResponse`); nil for anything else, which is read
    /// and answered as usual. Only routes with their own limit are refused early, so every other route keeps
    /// answering an oversized body after reading it, on a connection that stays open.
    func earlyRefusal(_ head: HTTPServerRequestHead) -> PalbaseHTTPError? {
        guard let length = head.contentLength, let limit = routeBodyLimit(method: head.method, path: head.path),
            length > limit
        else { return nil }
        return Self.payloadTooLarge(limit: limit)
    }

    private static func payloadTooLarge(limit: Int) -> PalbaseHTTPError {
        PalbaseHTTPError(status: 413, code: "payload_too_large", description: "The body exceeds \(limit) bytes")
    }

    /// The public documents under `/.well-known/` (no `apikey` needed: Apple fetches the association file
    /// anonymously, and the sealing key is public by nature). Nil for any other path.
    private func wellKnownDocument(_ request: HTTPServerRequest) throws -> Data? {
        let document: AnyCodableValue
        switch request.path {
        case Self.sealingKeyPath:
            document = .object(identity.sealingKey.document.mapValues(AnyCodableValue.string))
        case Self.appSiteAssociationPath:
            let apps = try handlers.flatMap { try $0.webCredentialApps(tenant: identity.tenantID, store: store) }
            document = .object(["webcredentials": .object(["apps": .array(apps.map(AnyCodableValue.string))])])
        default:
            return nil
        }
        guard request.method == "GET" || request.method == "HEAD" else {
            throw PalbaseHTTPError.methodNotAllowed(request.method, allowed: ["GET"])
        }
        return try EmulatorJSON.encode(document)
    }

    /// Adds the platform headers to a handler's answer and seals its body when the request was sealed.
    private func finish(
        _ response: PalbaseResponse, requestID: String, session: PalbaseSealing.Session?
    ) throws
        -> HTTPServerResponse
    {
        var headers = HTTPHeaders()
        var body = response.json ?? Data()
        if response.json != nil { headers.set("Content-Type", "application/json") }
        for (name, value) in response.headers { headers.set(name, value) }
        if let session, !body.isEmpty {
            body = try PalbaseSealing.seal(body, for: session)
            headers.set(PalbaseSealing.header, PalbaseSealing.version)
        }
        headers.set("X-Request-Id", requestID)
        return HTTPServerResponse(status: response.status, headers: headers, body: body)
    }
}
