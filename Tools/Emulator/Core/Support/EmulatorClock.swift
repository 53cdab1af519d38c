import ErrorCore
import Foundation
import HTTPServer

/// A service's time: the real time, moved by an offset the admin API sets, so expiry can be tested
/// without waiting. The auth service and Purse each own one (`/__emulator/auth/clock`,
/// `/__emulator/purse/clock`); resetting the emulator sets the offset back to 0. Safe to share across tasks.
package final class EmulatorClock: Sendable {
    /// The largest offset the admin API accepts either way: ten years.
    package static let maximumOffset = 10 * 365 * 86_400

    private let real: @Sendable () -> Date
    private let offset = Locked(0)

    /// A clock that reads `real` (the system time unless a test fixes it) and adds the offset.
    package init(real: @escaping @Sendable () -> Date = { Date() }) {
        self.real = real
    }

    /// Seconds added to the real time.
    package var offsetSeconds: Int {
        get { offset.withLock { $0 } }
        set { offset.withLock { $0 = newValue } }
    }

    /// The real time, unmoved, in seconds since the epoch (what a check against the client's own
    /// clock, such as DPoP's `iat`, compares with).
    package var realSeconds: TimeInterval { real().timeIntervalSince1970 }

    /// The moved time in milliseconds since the epoch.
    package var nowMilliseconds: Int64 {
        Int64((realSeconds * 1000).rounded(.down)) + Int64(offsetSeconds) * 1000
    }

    /// `GET`, `PUT` (`{"offset_seconds": <int within ±10 years>}`) and `DELETE` on a service's admin
    /// `clock` path; the first two answer `{"offset_seconds", "now"}`, `DELETE` answers 204.
    package func answerAdmin(method: String, body: Data) throws -> HTTPServerResponse {
        switch method {
        case "GET":
            break
        case "PUT":
            guard let fields = SampleJSON.parse(body)?.objectValue, let offset = fields["offset_seconds"]?.intValue,
                abs(offset) <= Self.maximumOffset
            else { throw PalbaseHTTPError.badRequest("offset_seconds must be an integer within ±10 years") }
            offsetSeconds = offset
        case "DELETE":
            offsetSeconds = 0
            return HTTPServerResponse(status: 204)
        default:
            throw PalbaseHTTPError.methodNotAllowed(method, allowed: ["DELETE", "GET", "PUT"])
        }
        let now = Date(timeIntervalSince1970: Double(nowMilliseconds) / 1000)
        let document: AnyCodableValue = [
            "offset_seconds": .int(offsetSeconds), "now": .string(EmulatorJSON.timestamp(now)),
        ]
        return .json(200, document.jsonText)
    }
}
