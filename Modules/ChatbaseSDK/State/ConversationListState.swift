import Observation

/// Ready-made state for a list of past conversations, newest first, with paging.
///
/// It never throws: failures go into ``error`` (clear it with ``clearError()``). All changes happen
/// on the main actor.
///
/// ```swift
/// @State var list = ConversationListState(client: client)
/// .task { await list.load() }
/// ```
@MainActor @Observable
public final class ConversationListState {
    /// The conversations loaded so far, newest first.
    public private(set) var conversations: [Conversation] = []
    /// Whether a page is loading. ``load(limit:)`` and ``loadMore()`` do nothing meanwhile.
    public private(set) var isLoading = false
    /// Whether ``loadMore()`` can fetch older conversations.
    public private(set) var hasMore = false
    /// The last failure; `nil` after ``clearError()`` and when a new load starts.
    public private(set) var error: (any Error)?

    @ObservationIgnored private let client: ChatbaseClient
    @ObservationIgnored private var page: PaginatedResponse<Conversation>?

    /// A list of `client`'s conversations (the device's, or the identified user's).
    public init(client: ChatbaseClient) {
        self.client = client
    }

    /// Loads the first page, replacing what is shown.
    public func load(limit: Int = 20) async {
        guard !isLoading else { return }
        isLoading = true
        error = nil
        defer { isLoading = false }
        do {
            let first = try await client.listConversations(limit: limit)
            conversations = first.data
            hasMore = first.hasMore
            page = first
        } catch {
            record(error)
        }
    }

    /// Appends the next page; conversations already shown are not repeated.
    public func loadMore() async {
        guard let page, page.hasMore, !isLoading else { return }
        isLoading = true
        error = nil
        defer { isLoading = false }
        do {
            guard let next = try await page.loadMore() else {
                hasMore = false
                return
            }
            let shown = Set(conversations.map(\.id))
            conversations.append(contentsOf: next.data.filter { !shown.contains($0.id) })
            hasMore = next.hasMore
            self.page = next
        } catch {
            record(error)
        }
    }

    /// Forgets the last failure.
    public func clearError() {
        error = nil
    }

    private func record(_ failure: any Error) {
        if !(failure is CancellationError) { error = failure }
    }
}
