import ErrorCore
import Foundation
import SDKTransport

/// A ``PBRequest`` lowered to bytes: URL, encoded (and possibly sealed) body, caller headers.
/// Everything that can fail without the network fails here, before anything is sent.
struct PreparedRequest: Sendable {
    let method: PBMethod
    let url: URL
    /// The route below the base URL with a leading slash (`/todos/a%20b`): what the contract's path
    /// rules (allowlist, sealing, DPoP) are written against.
    let routePath: String
    /// The URL's percent-encoded path as sent (base path included): the sealing AAD.
    let wirePath: String
    /// The body as sent (sealed when ``sealing`` is set), or `nil` for none.
    private(set) var body: Data?
    /// The multipart body of an upload, streamed instead of ``body``; never sealed.
    let upload: MultipartUpload?
    /// The caller's headers, sorted by name so equal requests produce equal bytes.
    let callerHeaders: [(name: String, value: String)]
    /// Set once the body is sealed: how to open the answer.
    private(set) var sealing: BodySealer.Session?

    /// Encodes `request` against `base`, which must be usable.
    ///
    /// Throws ``BackendError/encode(_:)`` when the body or query does not encode, a `GET` has a body,
    /// or the path does not form a URL.
    init(_ request: PBRequest, base: RequestBase) throws(BackendError) {
        method = request.method
        let segments = request.path.map(\.pathSegment)
        for case .literal(let name) in segments where Self.hasDotSegment(name) {
            throw .encode(
                CodecFailure(
                    message: "The route name \"\(name)\" has a \".\" or \"..\" segment, which URL normalization "
                        + "would resolve to another route; nothing was sent"))
        }
        routePath = "/" + PathEncoding.path(segments)

        var queryString = ""
        if let query = request.query {
            do {
                queryString = try QueryEncoding.queryString(for: query)
            } catch let error as RequestEncodingError {
                guard case .queryIsNotAnObject(let found) = error else { throw Self.encodeFailure("the query", error) }
                throw .encode(
                    CodecFailure(
                        message: "The query must encode to a JSON object; \(Self.typeName(query)) encodes to \(found)",
                        underlying: error))
            } catch {
                throw Self.encodeFailure("the query \(Self.typeName(query))", error)
            }
        }

        upload = try request.upload.map { form throws(BackendError) in try MultipartUpload(form) }
        if let value = request.body {
            guard request.method.carriesBody else {
                throw .encode(
                    CodecFailure(message: "A GET request cannot carry a body; pass \(Self.typeName(value)) as query:"))
            }
            do {
                body = try Self.encoder.encode(value)
            } catch {
                throw Self.encodeFailure("the body \(Self.typeName(value))", error)
            }
        }

        guard let url = base.url(routePath: routePath, query: queryString) else {
            throw .encode(CodecFailure(message: "The path \(routePath) does not form a valid URL"))
        }
        self.url = url
        wirePath = base.path + routePath
        callerHeaders = request.headers.sorted { $0.key < $1.key }.map { (name: $0.key, value: $0.value) }
    }

    /// The `Content-Type` of the body: JSON, the upload's multipart type, or nil without a body.
    var contentType: String? {
        upload?.contentType ?? (body != nil ? "application/json" : nil)
    }

    /// The HTTP request for one attempt, with `headers`.
    func httpRequest(headers: HTTPHeaders, timeout: Duration?) -> HTTPRequest {
        HTTPRequest(
            method: method.rawValue, url: url, headers: headers, body: body, uploadBody: upload?.body,
            uploadProgress: upload?.progress, timeout: timeout)
    }

    /// Whether the contract requires this request's body to be sealed.
    var requiresSealing: Bool {
        body != nil && RequestRoutes.requiresSealing(routePath)
    }

    /// Replaces the body with its sealed form for `key`.
    /// Whether a route name has a `.` or `..` segment, spelled plainly or percent-encoded (`%2e`): curl and
    /// URLSession remove dot segments, so `todos/../../__emulator/requests` would reach another route.
    /// (A ``PBPathSegment/param(_:)`` is data and is sent encoded instead; see `PathEncoding`.)
    static func hasDotSegment(_ name: String) -> Bool {
        name.split(separator: "/").contains { segment in
            let decoded = segment.lowercased().replacingOccurrences(of: "%2e", with: ".")
            return decoded == "." || decoded == ".."
        }
    }

    mutating func seal(to key: SealingKey) throws(SealingUnavailable) {
        guard let plaintext = body else { return }
        let sealed = try BodySealer.seal(plaintext, method: method.rawValue, path: wirePath, to: key)
        body = sealed.body
        sealing = sealed.session
    }

    private static func encodeFailure(_ what: String, _ error: any Error) -> BackendError {
        .encode(
            CodecFailure(
                message: "Could not encode \(what): \(CodingErrorDescription.describe(error))", underlying: error))
    }

    private static func typeName(_ value: Any) -> String {
        String(describing: type(of: value))
    }

    private static let encoder = SDKCoders.snakeCaseEncoder()
}
