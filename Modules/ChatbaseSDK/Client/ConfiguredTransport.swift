import ErrorCore
import Foundation
import SDKTransport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// How a client built from a `URLSessionConfiguration` moves its requests.
///
/// - Wherever URLSession carries them (Apple platforms, and the portable build on Linux), the client
///   gets a ``URLSessionTransport`` of its own, made from the whole configuration: `protocolClasses`,
///   `httpAdditionalHeaders`, proxies, `waitsForConnectivity`, TLS and cellular settings all apply,
///   one session per client. Only caching and cookies stay off (see ``URLSessionTransport``).
/// - On Linux with libcurl, requests share the process's `CurlTransport`, which reads no
///   configuration: the client honours the two timeouts itself (``RequestTimeouts``) and adds
///   `httpAdditionalHeaders` to each request (``additionalHeaders``). Nothing else in the
///   configuration applies there.
struct ConfiguredTransport {
    let transport: any Transport
    /// Headers the client adds to every request itself, because the transport does not read the
    /// configuration; empty when it does.
    let additionalHeaders: HTTPHeaders

    init(_ configuration: URLSessionConfiguration) {
        let shared = DefaultTransport.make()
        if shared is URLSessionTransport {
            transport = URLSessionTransport(configuration: configuration)
            additionalHeaders = HTTPHeaders()
        } else {
            transport = shared
            additionalHeaders = Self.headers(of: configuration)
        }
    }

    /// `httpAdditionalHeaders` as header fields, sorted by name (a dictionary has no order). Values
    /// must be strings or numbers, as URLSession expects; others are left out, as are the fields that
    /// frame a message (`Content-Length`, `Transfer-Encoding`, `Connection`, `Host`), which URLSession
    /// reserves for itself too.
    static func headers(of configuration: URLSessionConfiguration) -> HTTPHeaders {
        var fields: [(name: String, value: String)] = []
        for (key, value) in configuration.httpAdditionalHeaders ?? [:] {
            guard let name = key as? String, !reserved.contains(where: { HTTPHeaders.equalNames($0, name) })
            else { continue }
            switch value {
            case let text as String: fields.append((name, text))
            case let number as NSNumber: fields.append((name, number.stringValue))
            default: continue
            }
        }
        return HTTPHeaders(fields.sorted { $0.name < $1.name })
    }

    private static let reserved = ["Content-Length", "Transfer-Encoding", "Connection", "Host"]
}
