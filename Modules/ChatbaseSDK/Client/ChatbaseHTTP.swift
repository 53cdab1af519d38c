import ErrorCore
import Foundation
import SDKTransport

/// Who a request is made for: the device always, the user's token once identified.
struct RequestIdentity: Sendable {
    var deviceId: String
    var token: String?
}

/// Builds Chatbase requests and moves them through the ``Transport``.
///
/// Every request carries `User-Agent: Chatbase-iOS-SDK/<version>` and `X-Device-Id`, plus
/// `X-User-Token` when identified and `Content-Type: application/json` on POST. ``send(_:)`` and
/// ``stream(_:)`` return only 2xx responses; any other status becomes `APIError.httpError` here.
struct ChatbaseHTTP: Sendable {
    /// The version in the `User-Agent` header.
    static let sdkVersion = "0.1.0-beta.1"
    static let userAgent = "Chatbase-iOS-SDK/\(sdkVersion)"
    /// The most of an error body read from a failed stream.
    static let errorBodyLimit = 1 << 20

    let transport: any Transport
    /// The API root, or `nil` when the client's base URL was unusable.
    let base: URL?
    let baseText: String
    let agentId: String
    let timeouts: RequestTimeouts
    /// `httpAdditionalHeaders` of the client's configuration when the transport does not apply them
    /// itself; a request's own fields win over them, as in URLSession.
    let additionalHeaders: HTTPHeaders
    let log: ChatbaseLog
    /// Times each exchange for the log.
    let clock: SDKClock
    /// `/agents/{agentId}/chat`, built once: every message and every tool round posts to it.
    private let chatURL: URL?

    init(
        transport: any Transport, baseURL: String, agentId: String, timeouts: RequestTimeouts,
        additionalHeaders: HTTPHeaders = HTTPHeaders(), log: ChatbaseLog, clock: SDKClock
    ) {
        self.additionalHeaders = additionalHeaders
        self.transport = transport
        self.clock = clock
        self.baseText = baseURL
        self.agentId = agentId
        self.timeouts = timeouts
        self.log = log
        if let url = URL(string: baseURL), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            url.host?.isEmpty == false, url.query == nil, url.fragment == nil
        {
            base = url
        } else {
            base = nil
        }
        chatURL = base.flatMap { try? PathEncoding.url(base: $0, path: ["agents", .param(agentId), "chat"]) }
    }

    /// A request to `/agents/{agentId}/<path>`; `body` is JSON-encoded with sorted keys.
    func request(
        _ method: String, _ path: [PathSegment], query: [(String, String?)] = [], body: (some Encodable & Sendable)?,
        streaming: Bool = false, identity: RequestIdentity
    ) throws -> HTTPRequest {
        guard let base else { throw ChatError.invalidURL(baseText) }
        let queryText = query.compactMap { name, value in
            value.map { "\(name)=\(PercentEncoding.encodeURIComponent($0))" }
        }.joined(separator: "&")
        let url: URL
        if let chatURL, queryText.isEmpty, path == ["chat"] {
            url = chatURL
        } else {
            do {
                url = try PathEncoding.url(base: base, path: ["agents", .param(agentId)] + path, query: queryText)
            } catch {
                throw ChatError.invalidURL(baseText)
            }
        }
        var headers: HTTPHeaders = [
            "User-Agent": Self.userAgent,
            "X-Device-Id": identity.deviceId,
            "Accept": streaming ? "text/event-stream" : "application/json",
        ]
        if let token = identity.token { headers["X-User-Token"] = token }
        var data: Data?
        if let body {
            headers["Content-Type"] = "application/json"
            data = try Self.encoder.encode(body)
        }
        for field in additionalHeaders where !headers.contains(field.name) { headers.add(field.name, field.value) }
        return HTTPRequest(
            method: method, url: url, headers: headers, body: data,
            timeout: streaming ? timeouts.resource : timeouts.buffered,
            idleTimeout: streaming ? timeouts.request : nil)
    }

    /// Sends a buffered request; returns the response when its status is 2xx.
    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await exchange.accepted(request, failures: Self.failures)
    }

    /// Opens a stream; returns it when its status is 2xx, else reads the error body and throws.
    func stream(_ request: HTTPRequest) async throws -> HTTPStreamingResponse {
        let response = try await exchange.acceptedStream(
            request, errorBodyLimit: Self.errorBodyLimit, failures: Self.failures)
        if let type = response.headers["Content-Type"], !Self.isEventStream(type) {
            throw ChatError.decodingFailed("expected an event stream, got \(type.prefix(100))")
        }
        return response
    }

    /// The exchange every request goes through: traced in the client's HTTP log, timed on its clock.
    private var exchange: HTTPExchange { HTTPExchange(transport: transport, trace: log.http, clock: clock) }

    /// How an exchange's endings become this SDK's errors: a non-2xx is `APIError.httpError`; no answer and
    /// a cancelled call are thrown as the transport threw them, for ``ChatbaseFailure`` to map where the
    /// public error is made.
    static let failures = HTTPExchange.FailureMapping<any Error>(
        noResponse: { $0 }, rejected: { httpError(status: $0, headers: $1, body: $2) }, cancelled: { $0 })

    /// Whether a `Content-Type` value names `text/event-stream` (any case, any parameters). Compared as
    /// bytes: Foundation's string search bridges to CoreFoundation on Linux, on every stream.
    static func isEventStream(_ contentType: String) -> Bool {
        let blank = { (byte: UInt8) in byte == 0x20 || byte == 0x09 }
        var mediaType = Array(contentType.utf8.prefix { $0 != UInt8(ascii: ";") })
        while let last = mediaType.last, blank(last) { mediaType.removeLast() }
        let lowercased = mediaType.drop(while: blank).map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }
        return lowercased.elementsEqual("text/event-stream".utf8)
    }

    /// Decodes a 2xx body; anything unreadable is `ChatError.decodingFailed`. Message parts of a type
    /// this SDK does not know are left out of their message and logged here, one line each.
    func decode<T: Decodable>(_ type: T.Type, from response: HTTPResponse) throws -> T {
        // A decoder per body: the skipped-part collector travels in its `userInfo`.
        let decoder = JSONDecoder()
        let skipped = SkippedParts()
        decoder.userInfo[SkippedParts.key] = skipped
        let value: T
        do {
            value = try decoder.decode(T.self, from: response.body)
        } catch {
            throw ChatError.decodingFailed(CodingErrorDescription.describe(error, type: T.self))
        }
        for (messageId, type) in skipped.all {
            log.note(
                .warning, ChatbaseLog.Category.chatService,
                "message \(messageId.prefix(100)): left out a part of unknown type \(type.prefix(100))")
        }
        return value
    }

    /// The error for a non-2xx response: the envelope's code and message, `UNKNOWN` when the body
    /// is unreadable, the status always kept, `Retry-After` in ``APIErrorDetail/retryAfter``.
    static func httpError(status: Int, headers: HTTPHeaders, body: Data) -> APIError {
        let envelope = ChatbaseErrorEnvelope(status: status, body: body) { headers[$0] }
        return .httpError(statusCode: status, detail: APIErrorDetail(envelope: envelope))
    }

    // Shared: configured once and never mutated, and making one costs more than encoding a small body.
    static let encoder = SDKCoders.camelCaseEncoder()
}
