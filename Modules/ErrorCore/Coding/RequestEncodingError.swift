/// Why a query string or a request URL could not be built. Nothing was sent.
package enum RequestEncodingError: Error, Sendable, Equatable {
    /// The query value did not encode to a JSON object (it was an array, a scalar or `null`);
    /// `found` names what it was.
    case queryIsNotAnObject(found: String)
    /// The base URL cannot take a path: it has a query or fragment, or the joined text is not a
    /// URL.
    case unusableBaseURL(String)
}
