/// One page of a list, newest first, with a way to fetch the next (older) page.
///
/// ```swift
/// var page = try await client.listConversations(limit: 20)
/// show(page.data)
/// while let next = try await page.loadMore() {
///     show(next.data)
///     page = next
/// }
/// ```
public struct PaginatedResponse<T: Sendable>: Sendable {
    /// The items of this page.
    public let data: [T]
    /// Whether there is a next page.
    public let hasMore: Bool
    /// How many items the whole list has.
    public let total: Int
    /// The server's cursor for the next page (`nil` on the last page). ``loadMore()`` uses it for
    /// you; keep it if you want to resume paging later with the `cursor:` parameter.
    public let nextCursor: String?
    private let fetchNext: @Sendable () async throws -> PaginatedResponse<T>

    /// Creates a page, e.g. for previews and tests; `fetchNext` is called by ``loadMore()`` when
    /// ``hasMore`` is `true`. ``nextCursor`` is `nil`.
    public init(
        data: [T],
        hasMore: Bool,
        total: Int,
        fetchNext: @escaping @Sendable () async throws -> PaginatedResponse<T>
    ) {
        self.init(data: data, hasMore: hasMore, total: total, nextCursor: nil, fetchNext: fetchNext)
    }

    /// Creates a page that also carries the server's cursor for the next page.
    public init(
        data: [T],
        hasMore: Bool,
        total: Int,
        nextCursor: String?,
        fetchNext: @escaping @Sendable () async throws -> PaginatedResponse<T>
    ) {
        self.data = data
        self.hasMore = hasMore
        self.total = total
        self.nextCursor = nextCursor
        self.fetchNext = fetchNext
    }

    /// The next page, or `nil` when this is the last one.
    ///
    /// Throws what the list call throws (``APIError``, ``ChatError``, `CancellationError`).
    public func loadMore() async throws -> PaginatedResponse<T>? {
        guard hasMore else { return nil }
        return try await fetchNext()
    }
}
