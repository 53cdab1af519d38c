/// The six HTTP verbs a Palbase endpoint can use, all of them reachable from every way of calling
/// the backend.
///
/// `QUERY` (RFC 10008) is a first-class verb: safe and idempotent like `GET`, body-carrying like
/// `POST`. Use it for searches whose input is too large or too structured for a query string.
///
/// Retries follow the verb: `GET`, `QUERY`, `PUT` and `DELETE` are idempotent and are retried on a
/// failure that got no response and on 502/503/504; `POST` and `PATCH` never are.
public enum PBMethod: String, Sendable, CaseIterable {
    case get = "GET", post = "POST", patch = "PATCH", put = "PUT", delete = "DELETE", query = "QUERY"

    /// Whether a request with this verb may carry a body: every verb but `GET`.
    public var carriesBody: Bool { self != .get }

    /// Whether the SDK may resend the request on its own (RFC 9110 §9.2.2, plus `QUERY`).
    var isIdempotent: Bool {
        switch self {
        case .get, .query, .put, .delete: true
        case .post, .patch: false
        }
    }

    /// Whether an input handed to `pb.call(_:_:)` travels as the query string rather than the body,
    /// the rule generated endpoints follow too (so both produce the same bytes).
    var sendsInputAsQuery: Bool {
        self == .get || self == .delete
    }
}
