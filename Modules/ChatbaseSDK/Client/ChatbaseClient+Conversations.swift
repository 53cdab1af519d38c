import ErrorCore
import Foundation

extension ChatbaseClient {
    /// One page of the conversations of this device (anonymous) or of the signed-in user, newest
    /// first. Only conversations created through the mobile SDKs are listed.
    ///
    /// - Parameters:
    ///   - cursor: where to continue; `nil` for the first page. ``PaginatedResponse/loadMore()``
    ///     passes it for you.
    ///   - limit: 1–100 items per page; `nil` for the server's default (20).
    /// - Throws: ``APIError`` (400 `VALIDATION_INVALID_BODY` for a bad limit or cursor), ``ChatError``,
    ///   or `CancellationError`.
    public func listConversations(
        cursor: String? = nil, limit: Int? = nil
    ) async throws
        -> PaginatedResponse<Conversation>
    {
        try await page(["conversations"], cursor: cursor, limit: limit) { cursor in
            try await self.listConversations(cursor: cursor, limit: limit)
        }
    }

    /// One page of a conversation's messages, newest first.
    ///
    /// - Throws: as ``listConversations(cursor:limit:)``; also 403 `AUTH_OWNERSHIP_MISMATCH` when the
    ///   conversation belongs to someone else or does not exist.
    public func listMessages(
        conversationId: String, cursor: String? = nil, limit: Int? = nil
    ) async throws
        -> PaginatedResponse<Message>
    {
        try await page(["conversations", .param(conversationId), "messages"], cursor: cursor, limit: limit) { cursor in
            try await self.listMessages(conversationId: conversationId, cursor: cursor, limit: limit)
        }
    }

    private func page<T: Decodable & Sendable>(
        _ path: [PathSegment], cursor: String?, limit: Int?,
        next: @escaping @Sendable (String) async throws -> PaginatedResponse<T>
    ) async throws -> PaginatedResponse<T> {
        try await ChatbaseFailure.mapping {
            let request = try http.request(
                "GET", path, query: [("cursor", cursor), ("limit", limit.map(String.init))],
                body: Optional<ToolResultBody>.none, identity: try await identity())
            let page = try http.decode(Page<T>.self, from: try await http.send(request))
            let nextCursor = page.pagination.hasMore ? page.pagination.cursor : nil
            return PaginatedResponse(
                data: page.data, hasMore: nextCursor != nil, total: page.pagination.total ?? page.data.count,
                nextCursor: nextCursor
            ) {
                // hasMore is only true with a cursor, and loadMore only calls this when hasMore.
                try await next(nextCursor ?? "")
            }
        }
    }
}

/// `{"data": [T], "pagination": {"cursor": string|null, "hasMore": bool, "total": int}}`.
private struct Page<T: Decodable>: Decodable {
    struct Pagination: Decodable {
        let cursor: String?
        let hasMore: Bool
        let total: Int?
    }

    let data: [T]
    let pagination: Pagination
}
