import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The two limits the client takes from its `URLSessionConfiguration`.
///
/// - ``request`` (`timeoutIntervalForRequest`, default 60 s): the longest wait for the response
///   head, and the longest silence between two chunks of a stream.
/// - ``resource`` (`timeoutIntervalForResource`, default 7 days): the longest a whole exchange may
///   take, stream included.
///
/// A buffered request is bounded by the smaller of the two. A stream carries both to the transport
/// (``HTTPRequest/idleTimeout`` and ``HTTPRequest/timeout``), which measures silence on the wire, as
/// URLSession does: time the app spends in its callbacks is not silence. Expiry throws
/// `APIError.networkError(URLError(.timedOut))`.
package struct RequestTimeouts: Sendable, Equatable {
    /// Head wait and stream idle limit.
    package var request: Duration
    /// Whole-exchange limit.
    package var resource: Duration

    /// Limits from their parts; non-positive values fall back to URLSession's defaults.
    package init(request: Duration = .seconds(60), resource: Duration = .seconds(604_800)) {
        self.request = request > .zero ? request : .seconds(60)
        self.resource = resource > .zero ? resource : .seconds(604_800)
    }

    /// The limits of `configuration`.
    package init(_ configuration: URLSessionConfiguration) {
        self.init(
            request: .milliseconds(Int64((configuration.timeoutIntervalForRequest * 1000).rounded())),
            resource: .milliseconds(Int64(min(configuration.timeoutIntervalForResource, 1e12).rounded() * 1000)))
    }

    /// The whole-exchange limit of a buffered request.
    var buffered: Duration { min(request, resource) }
}
