import EmulatorCore
import ErrorCore
import Foundation
import HTTPServer

/// What a Palbase route handler sees: the request after the api-key check, unsealing and proof of work.
package struct PalbaseRequest: Sendable {
    /// The method as received ("GET", "QUERY", …).
    package let method: String
    /// The raw path, not percent-decoded, e.g. `/todos/abc%2F1`.
    package let path: String
    /// The percent-decoded path segments, e.g. `["todos", "abc/1"]`; empty segments are dropped.
    package let segments: [String]
    /// Percent-decoded query parameters in wire order (`+` is kept as a plus: the SDK sends `%20`).
    package let query: [(name: String, value: String)]
    /// The request headers as received.
    package let headers: HTTPHeaders
    /// The plaintext body (already unsealed on sealed paths).
    package let body: Data
    /// The API key's tenant id.
    package let tenant: String
    /// The signed-in user a valid `Authorization: Bearer` names on a route outside `/auth/` (the auth service
    /// reads its own bearers); nil without one. The platform resolves it through the handlers'
    /// ``PalbaseRouteHandler/subject(of:store:)`` before dispatch, so a handler never sees a bad bearer.
    package var userID: String?
    /// The id the platform answers with in `X-Request-Id`, `req_<uuid>`.
    package let requestID: String

    /// Creates a request; the platform builds these, tests may too.
    package init(
        method: String, path: String, segments: [String], query: [(name: String, value: String)],
        headers: HTTPHeaders, body: Data, tenant: String, requestID: String
    ) {
        self.method = method
        self.path = path
        self.segments = segments
        self.query = query
        self.headers = headers
        self.body = body
        self.tenant = tenant
        self.requestID = requestID
    }

    /// The first value of the query parameter `name`, or nil.
    package func queryValue(_ name: String) -> String? {
        query.first { $0.name == name }?.value
    }

    /// Every value of the query parameter `name`, in wire order.
    package func queryValues(_ name: String) -> [String] {
        query.filter { $0.name == name }.map(\.value)
    }
}

/// A handler's successful answer. The platform adds `X-Request-Id`, `Content-Type` (when `json` is set)
/// and seals the body on sealed paths.
package struct PalbaseResponse: Sendable {
    /// The HTTP status (usually 2xx; a handler may also answer 3xx).
    package var status: Int
    /// The JSON body, or nil for none (204).
    package var json: Data?
    /// Extra response headers.
    package var headers: [(String, String)]

    /// Creates a response.
    package init(status: Int = 200, json: Data? = nil, headers: [(String, String)] = []) {
        self.status = status
        self.json = json
        self.headers = headers
    }

    /// 204 No Content.
    package static var noContent: PalbaseResponse { PalbaseResponse(status: 204) }
}

/// One piece of the Palbase backend mounted at `/` (the sample backend is one, auth another).
package protocol PalbaseRouteHandler: Sendable {
    /// Answers the request, or returns nil when no route of this handler matches (the platform then tries the
    /// next handler, and finally answers 404 `not_found`).
    ///
    /// Throw `PalbaseHTTPError` for a contract error (e.g. 405 `method_not_allowed` when the path is known
    /// but the method is not). A `DecodingError` (a body that does not decode) becomes 400 `bad_request`;
    /// any other error becomes 500 `internal_error`, so validate hostile input into `PalbaseHTTPError`s.
    func handle(_ request: PalbaseRequest, store: SQLiteDatabase) async throws -> PalbaseResponse?

    /// Schema migrations this handler needs, with versions in its own range (100–199 for the sample backend).
    var migrations: [Migration] { get }

    /// Called after the admin `reset` emptied every service table (schema kept), inside the same transaction:
    /// re-insert any seed rows the handler needs.
    func didReset(store: SQLiteDatabase) throws

    /// The `<TEAM_ID>.<bundle id>` entries this handler publishes in `/.well-known/apple-app-site-association`
    /// (`webcredentials.apps`). The platform serves that file itself, with an empty list when no handler has one.
    func webCredentialApps(tenant: String, store: SQLiteDatabase) throws -> [String]

    /// The largest body this handler reads for `method` at the percent-decoded `segments` when it is not the
    /// platform's (an upload route), or nil. The platform answers a larger body 413 `payload_too_large`, and
    /// refuses a larger declared `Content-Length` before reading any of it.
    func maxBodyBytes(method: String, segments: [String]) -> Int?

    /// The user id the request's `Authorization: Bearer` names, or nil when this handler does not issue
    /// bearers. Throws the handler's 401/403 (`token_expired`, `invalid_token`, `session_revoked`,
    /// `subject_fenced`) when the bearer is not a live session's: the request is refused before any data route.
    func subject(of request: PalbaseRequest, store: SQLiteDatabase) throws -> String?

    /// A page this handler serves to a browser without an `apikey` (the simulated OAuth providers' authorize
    /// page), answered as is; nil for every other request, which then goes through the API-key check.
    func publicPage(_ request: HTTPServerRequest, tenant: String, store: SQLiteDatabase) -> HTTPServerResponse?
}

extension PalbaseRouteHandler {
    /// The platform's limit everywhere.
    package func maxBodyBytes(method: String, segments: [String]) -> Int? { nil }

    /// Nothing to re-seed.
    package func didReset(store: SQLiteDatabase) throws {}

    /// Nothing to publish.
    package func webCredentialApps(tenant: String, store: SQLiteDatabase) throws -> [String] { [] }

    /// Issues no bearers.
    package func subject(of request: PalbaseRequest, store: SQLiteDatabase) throws -> String? { nil }

    /// Serves no public pages.
    package func publicPage(
        _ request: HTTPServerRequest, tenant: String, store: SQLiteDatabase
    )
        -> HTTPServerResponse?
    { nil }
}
