import ErrorCore
import Foundation
import Testing

@Suite struct RetryAfterTests {
    static let now = Date(timeIntervalSince1970: 784_111_777)  // Sun, 06 Nov 1994 08:49:37 GMT

    @Test(arguments: [
        ("0", 0), ("120", 120), (" 7 ", 7), ("99999999999999999999999", Int.max),
        ("Sun, 06 Nov 1994 08:50:07 GMT", 30), ("Sun, 06 Nov 1994 08:49:00 GMT", 0),
    ])
    func readsSecondsAndDates(text: String, seconds: Int) {
        #expect(RetryAfter.seconds(from: text, now: Self.now) == seconds)
    }

    @Test(arguments: ["", "-1", "1.5", "soon", "Sun, 06 Nov 1994 08:49:37 PST", "Sun, 31 Feb 1994 08:49:37 GMT"])
    func rejectsTheRest(text: String) {
        #expect(RetryAfter.seconds(from: text, now: Self.now) == nil)
    }

    @Test func absentIsNil() {
        #expect(RetryAfter.seconds(from: nil) == nil)
    }
}
