import Emulator
import Foundation
import Testing

@testable import EmulatorChatbase
@testable import EmulatorCore

/// The per-device limiter remembers little: a device id of any length costs a fixed-size key, and the
/// windows that ended are forgotten once a window length has passed. (It kept raw ids up to 32 KiB
/// and pruned only past 10,000 devices: 9,600 requests left 310 MiB.)
@Suite struct ChatbaseRateLimiterTests {
    @Test func aLongDeviceIdCostsAFixedSizeKey() {
        let limiter = ChatbaseRateLimiter(limit: 5, window: .seconds(10))
        let long = String(repeating: "d", count: 32 * 1024)
        for index in 0..<50 {
            _ = limiter.admit(device: long + String(index), now: 1_000)
        }
        let footprint = limiter.footprint
        #expect(footprint.devices == 50)
        #expect(footprint.keyBytes == 50 * 32)
        // Still counted per device: the sixth request of one device in its window is refused.
        for _ in 0..<4 { _ = limiter.admit(device: long + "0", now: 1_001) }
        #expect(limiter.admit(device: long + "0", now: 1_002).retryAfter != nil)
        #expect(limiter.admit(device: long + "1", now: 1_002).retryAfter == nil)
    }

    @Test func windowsThatEndedAreForgotten() {
        let limiter = ChatbaseRateLimiter(limit: 5, window: .seconds(10))
        for index in 0..<2_000 {
            _ = limiter.admit(device: "device-\(index)", now: 1_000 + Int64(index))
        }
        #expect(limiter.footprint.devices == 2_000)
        // A window length after the last of them, one more device: the ended windows are dropped.
        _ = limiter.admit(device: "late", now: 1_000 + 2_000 + 10_000)
        #expect(limiter.footprint.devices == 1)
    }
}
