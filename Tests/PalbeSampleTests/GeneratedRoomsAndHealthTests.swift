import EmulatorPalbase
import ErrorCore
import Foundation
import Palbe
import PalbeSample
import Testing

/// The generated `rooms` namespace (a QUERY verb, fractional `retry_after`) and the top-level
/// `health` operation against the sample backend.
@Suite struct GeneratedRoomsAndHealthTests {
    @Test func healthIsOK() async throws {
        try await withSample { bed in
            let health = try await bed.palbe.health()
            #expect(health.status == .ok)
            #expect(abs(health.time.timeIntervalSinceNow) < 300)
        }
    }

    @Test func roomsAreCreatedAndSearchedWithAQueryRequest() async throws {
        try await withSample { bed in
            let lobby = try await bed.palbe.rooms.create(.init(metadata: ["floor": 1], name: "Lobby"))
            #expect(lobby.name == "Lobby")
            #expect(lobby.metadata == ["floor": 1])
            let nook = try await bed.palbe.rooms.create(.init(name: "Nook", parentId: lobby.id, visibility: .private))
            #expect(nook.parentId == lobby.id)
            #expect(nook.visibility == .private)

            let children = try await bed.palbe.rooms.search(.init(parentId: .value(lobby.id)))
            #expect(children.rooms.map(\.id) == [nook.id])
            #expect(try bed.requests("QUERY", to: "/rooms/search").count == 1)
            let topLevel = try await bed.palbe.rooms.search(.init(parentId: .null))
            #expect(topLevel.rooms.map(\.id) == [lobby.id])
            #expect(try bed.lastBody("QUERY", to: "/rooms/search")["parent_id"] is NSNull)
            let all = try await bed.palbe.rooms.search(.init())
            #expect(all.total == 2)
            #expect(try bed.lastBody("QUERY", to: "/rooms/search").isEmpty)
        }
    }

    @Test func anUnknownParentIsNotFound() async throws {
        try await withSample { bed in
            do throws(RoomsCreateError) {
                _ = try await bed.palbe.rooms.create(.init(name: "Orphan", parentId: "missing"))
                Issue.record("a room was created under an unknown parent")
            } catch {
                guard case .notFound = error else {
                    Issue.record("expected .notFound, got \(error)")
                    return
                }
            }
        }
    }

    @Test func aLockedParentIsRoomLockedWithAFractionalRetryAfter() async throws {
        // A stopped clock: the lock has exactly 30.5 s left however slowly the suite runs.
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        try await withSample(clock: { now }) { bed in
            let vault = try await bed.palbe.rooms.create(.init(lockSeconds: 30.5, name: "Vault"))
            #expect(vault.lockedUntil != nil)
            do throws(RoomsCreateError) {
                _ = try await bed.palbe.rooms.create(.init(name: "Inside", parentId: vault.id))
                Issue.record("a room was created under a locked one")
            } catch {
                guard case .roomLocked(let info) = error else {
                    Issue.record("expected .roomLocked, got \(error)")
                    return
                }
                #expect(info.retryAfter == 30.5)
            }
        }
    }
}
