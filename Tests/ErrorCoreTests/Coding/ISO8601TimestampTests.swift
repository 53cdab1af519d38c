import ErrorCore
import Foundation
import Testing

@Suite struct ISO8601TimestampTests {
    @Test(arguments: [
        (0.0, "1970-01-01T00:00:00.000Z"),
        (1_700_000_000.123, "2023-11-14T22:13:20.123Z"),
        (-0.001, "1969-12-31T23:59:59.999Z"),
        (951_782_400, "2000-02-29T00:00:00.000Z"),
        (1_709_251_199.9994, "2024-02-29T23:59:59.999Z"),
        (1_709_251_199.9996, "2024-03-01T00:00:00.000Z"),
        (-62_135_596_800, "0001-01-01T00:00:00.000Z"),
        (253_402_300_800, "+010000-01-01T00:00:00.000Z"),
        (-62_198_755_200, "-000001-01-01T00:00:00.000Z"),
    ])
    func writesLikeToISOString(seconds: Double, expected: String) {
        #expect(ISO8601Timestamp.string(from: Date(timeIntervalSince1970: seconds)) == expected)
    }

    @Test(arguments: [
        ("2023-11-14T22:13:20Z", 1_700_000_000.0),
        ("2023-11-14T22:13:20.123Z", 1_700_000_000.123),
        ("2023-11-14T22:13:20.1Z", 1_700_000_000.1),
        ("2023-11-14T22:13:20.123456789123Z", 1_700_000_000.123456789),
        ("2023-11-15T00:13:20+02:00", 1_700_000_000),
        ("2023-11-15T00:13:20.5+0200", 1_700_000_000.5),
        ("2023-11-14T17:43:20-04:30", 1_700_000_000),
        ("2023-11-14t22:13:20z", 1_700_000_000),
        ("2023-11-14T22:13:20+00:00", 1_700_000_000),
        ("1969-12-31T23:59:59.999Z", -0.001),
        ("+010000-01-01T00:00:00.000Z", 253_402_300_800),
        ("-000001-01-01T00:00:00.000Z", -62_198_755_200),
        ("2024-02-29T12:00:00Z", 1_709_208_000),
    ])
    func readsAcceptedForms(text: String, seconds: Double) throws {
        let date = try #require(ISO8601Timestamp.date(from: text))
        #expect(abs(date.timeIntervalSince1970 - seconds) < 1e-6)
    }

    @Test(arguments: [
        "", "2023-11-14", "2023-11-14T22:13:20", "2023-11-14T22:13Z", "2023-11-14 22:13:20Z",
        "2023-13-01T00:00:00Z", "2023-00-01T00:00:00Z", "2023-02-29T00:00:00Z", "2023-04-31T00:00:00Z",
        "2023-11-14T24:00:00Z", "2023-11-14T23:60:00Z", "2023-11-14T23:59:60Z", "2023-11-14T22:13:20.Z",
        "2023-11-14T22:13:20+2:00", "2023-11-14T22:13:20+02:0", "2023-11-14T22:13:20+24:00",
        "2023-11-14T22:13:20Zjunk", " 2023-11-14T22:13:20Z", "２023-11-14T22:13:20Z", "-000000-01-01T00:00:00Z",
        "23-11-14T22:13:20Z", "2023/11/14T22:13:20Z", "1700000000",
    ])
    func rejectsEverythingElse(text: String) {
        #expect(ISO8601Timestamp.date(from: text) == nil)
    }

    /// Cross-checks the hand-written calendar arithmetic against Foundation's own formatter over
    /// several centuries, both directions.
    @Test func agreesWithFoundationsFormatter() throws {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        var seconds = -5_000_000_000.0
        while seconds < 8_000_000_000 {
            let date = Date(timeIntervalSince1970: seconds)
            let ours = ISO8601Timestamp.string(from: date)
            #expect(ours == formatter.string(from: date))
            let parsed = try #require(ISO8601Timestamp.date(from: ours))
            #expect(abs(parsed.timeIntervalSince(date)) < 0.0005)
            seconds += 7_777_777.777
        }
    }
}
