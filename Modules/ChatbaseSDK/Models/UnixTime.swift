import Foundation

/// A timestamp on the Chatbase wire: Unix seconds as a JSON number, possibly fractional.
///
/// A numeric string (`"1764450000.5"`) is accepted too, because a proxy or an older server that
/// stringifies numbers should not break history loading.
struct UnixTime: Codable, Sendable {
    var date: Date

    init(_ date: Date) {
        self.date = date
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let seconds = try? container.decode(Double.self) {
            date = Date(timeIntervalSince1970: seconds)
        } else if let text = try? container.decode(String.self), let seconds = Double(text) {
            date = Date(timeIntervalSince1970: seconds)
        } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not Unix seconds")
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(date.timeIntervalSince1970)
    }
}
