import Emulator
import EmulatorTestSupport
import ErrorCore
import Foundation
import Testing

@testable import EmulatorChatbase
@testable import EmulatorCore

/// Conversation and message lists: newest first, cursor walks, totals, limit bounds.
@Suite struct ChatbasePaginationTests {
    /// Walks every page of `path` with `limit`, returning the ids in order and the totals seen.
    private func walk(_ client: ChatbaseTestClient, _ path: String, limit: Int) async throws -> ([String], Set<Int>) {
        var ids: [String] = []
        var totals: Set<Int> = []
        var cursor: String?
        for _ in 0..<50 {
            let query = "?limit=\(limit)" + (cursor.map { "&cursor=\($0)" } ?? "")
            let page = try #require(try await client.get(path + query).json)
            let data = try #require(page["data"]?.arrayValue)
            #expect(data.count <= limit)
            ids += data.compactMap { $0["id"]?.stringValue }
            totals.insert(try #require(page["pagination"]?["total"]?.intValue))
            #expect(page["pagination"]?["hasMore"]?.boolValue != nil)
            let hasMore = page["pagination"]?["hasMore"]?.boolValue == true
            cursor = page["pagination"]?["cursor"]?.stringValue
            #expect(hasMore == (cursor != nil))
            if !hasMore { break }
        }
        return (ids, totals)
    }

    @Test func conversationsComeNewestFirstAcrossPages() async throws {
        let clock = ManualClock()
        try await withChatbase(clock: clock) { _, client async throws in
            var created: [String] = []
            for index in 0..<7 {
                let stream = try await client.chat("conversation \(index)")
                created.append(try #require(stream.conversationId))
                if index != 3 { clock.advance(seconds: 1) }  // 3 and 4 share a timestamp: insertion order decides
            }
            // A new turn moves a conversation to the front.
            _ = try await client.chat("bump", conversationId: created[1])
            let expected = [created[1]] + created.reversed().filter { $0 != created[1] }
            for limit in [1, 2, 3, 7, 100] {
                let (ids, totals) = try await walk(client, "/conversations", limit: limit)
                #expect(ids == expected, "limit \(limit)")
                #expect(totals == [7])
            }
            let first = try #require(try await client.get("/conversations").json)
            #expect(first["data"]?.arrayValue?.count == 7, "default limit 20")
            #expect(first["pagination"]?["cursor"] == .null)
            #expect(first["pagination"]?["hasMore"] == false)
        }
    }

    @Test func messagesComeNewestFirstAcrossPages() async throws {
        try await withChatbase { _, client async throws in
            let first = try await client.chat("m0")
            let conversationID = try #require(first.conversationId)
            for index in 1..<5 { _ = try await client.chat("m\(index)", conversationId: conversationID) }
            let (ids, totals) = try await walk(client, "/conversations/\(conversationID)/messages", limit: 3)
            #expect(totals == [10])
            #expect(ids.count == 10)
            #expect(Set(ids).count == 10)
            let all = try #require(try await client.get("/conversations/\(conversationID)/messages?limit=100").json)
            let texts = all["data"]?.arrayValue?.compactMap { $0["parts"]?[0]?["text"]?.stringValue }
            #expect(texts?.first == "You said: m4")
            #expect(texts?.last == "m0")
            #expect(all["data"]?.arrayValue?.compactMap { $0["id"]?.stringValue } == ids)
        }
    }

    @Test func anEmptyListHasNoCursor() async throws {
        try await withChatbase { _, client async throws in
            let page = try await client.get("/conversations")
            #expect(page.json == ["data": [], "pagination": ["cursor": nil, "hasMore": false, "total": 0]])
        }
    }

    /// `(query, expected details)`.
    static let badQueries: [(String, AnyCodableValue)] = [
        ("limit=0", ["limit": "must be at least 1"]), ("limit=-3", ["limit": "must be at least 1"]),
        ("limit=101", ["limit": 100]), ("limit=99999999999999999999", ["limit": "must be an integer"]),
        ("limit=2.5", ["limit": "must be an integer"]), ("limit=ten", ["limit": "must be an integer"]),
        ("limit=", ["limit": "must be an integer"]), ("cursor=bm9wZQ", ["cursor": "unknown cursor"]),
        ("cursor=Yzox", ["cursor": "unknown cursor"]), ("cursor=YzoxOng", ["cursor": "unknown cursor"]),
        ("cursor=!!", ["cursor": "unknown cursor"]),
    ]

    @Test(arguments: badQueries)
    func badLimitsAndCursorsAreInvalidBody(query: String, details: AnyCodableValue) async throws {
        try await withChatbase { _, client async throws in
            let response = try await client.get("/conversations?\(query)")
            #expect(expectChatbaseError(response, 400, "VALIDATION_INVALID_BODY") == details)
        }
    }

    @Test func limitBoundsAreInclusive() async throws {
        try await withChatbase { _, client async throws in
            #expect(try await client.get("/conversations?limit=1").status == 200)
            #expect(try await client.get("/conversations?limit=100").status == 200)
        }
    }

    @Test func aConversationCursorIsNotAMessageCursor() async throws {
        try await withChatbase { _, client async throws in
            let stream = try await client.chat("a")
            _ = try await client.chat("b")
            let conversationID = try #require(stream.conversationId)
            let page = try await client.get("/conversations?limit=1")
            let cursor = try #require(page.json?["pagination"]?["cursor"]?.stringValue)
            let messages = try await client.get("/conversations/\(conversationID)/messages?cursor=\(cursor)")
            #expect(expectChatbaseError(messages, 400, "VALIDATION_INVALID_BODY") == ["cursor": "unknown cursor"])
        }
    }
}
