import Emulator
import Foundation
import Testing

@testable import EmulatorCore
@testable import EmulatorPalbase

/// Wire timestamps: ISO 8601, UTC, exactly three fractional digits and `Z`.
@Suite struct SampleTimestampTests {
    static let formatted: [(Int64, String)] = [
        (0, "1970-01-01T00:00:00.000Z"),
        (1, "1970-01-01T00:00:00.001Z"),
        (-1, "1969-12-31T23:59:59.999Z"),
        (951_782_400_000, "2000-02-29T00:00:00.000Z"),
        (1_735_787_045_678, "2025-01-02T03:04:05.678Z"),
        (4_102_444_799_999, "2099-12-31T23:59:59.999Z"),
        (253_402_300_799_999, "9999-12-31T23:59:59.999Z"),
    ]

    @Test(arguments: formatted)
    func formatsAndParsesBack(_ milliseconds: Int64, _ text: String) {
        #expect(SampleTimestamp.format(milliseconds) == text)
        #expect(SampleTimestamp.parse(text) == milliseconds)
    }

    static let accepted: [(String, String)] = [
        ("2025-01-02T03:04:05Z", "2025-01-02T03:04:05.000Z"),
        ("2025-01-02T03:04:05.6Z", "2025-01-02T03:04:05.600Z"),
        ("2025-01-02T03:04:05.678912Z", "2025-01-02T03:04:05.678Z"),
        ("2025-01-02T03:04:05+01:00", "2025-01-02T02:04:05.000Z"),
        ("2025-01-01T23:30:00-01:30", "2025-01-02T01:00:00.000Z"),
        ("2024-02-29T12:00:00Z", "2024-02-29T12:00:00.000Z"),
    ]

    @Test(arguments: accepted)
    func acceptsFractionsAndOffsets(_ input: String, _ normalized: String) throws {
        let milliseconds = try #require(SampleTimestamp.parse(input))
        #expect(SampleTimestamp.format(milliseconds) == normalized)
    }

    @Test(arguments: [
        "", "2025-01-02", "2025-01-02T03:04:05", "2025-01-02 03:04:05Z", "2025-1-02T03:04:05Z", "2025-02-29T00:00:00Z",
        "1900-02-29T00:00:00Z", "2025-04-31T00:00:00Z", "2025-00-10T00:00:00Z", "2025-01-02T24:00:00Z",
        "2025-01-02T03:60:00Z", "2025-01-02T03:04:60Z", "2025-01-02T03:04:05.Z", "2025-01-02T03:04:05+0100",
        "2025-01-02T03:04:05+25:00", "2025-01-02T03:04:05Zjunk", "２０２５-01-02T03:04:05Z", "2025-01-02t03:04:05z",
    ])
    func rejectsEverythingElse(_ input: String) {
        #expect(SampleTimestamp.parse(input) == nil)
    }

    @Test func millisecondsRoundDown() {
        #expect(SampleTimestamp.milliseconds(Date(timeIntervalSince1970: 1.9999)) == 1999)
        #expect(SampleTimestamp.milliseconds(Date(timeIntervalSince1970: -0.0005)) == -1)
    }
}
