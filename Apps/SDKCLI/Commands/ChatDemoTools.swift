import ChatbaseSDK
import Foundation

/// The client-side tools `sdk chat send` and the Chatbase demo register: deterministic fakes, so the
/// same question always gets the same answer and tests can check it.
///
/// - `get_weather {"city"}` → `{"city","condition","temperatureC","humidityPercent"}`, derived from the
///   city's name (the emulator's agent asks for it on "weather in <city>").
/// - `convert_temperature {"celsius"}` or `{"fahrenheit"}` → both scales, rounded to one decimal.
///
/// A malformed input makes the handler throw, which the SDK sends to the agent as `{"error": …}`.
enum ChatDemoTools {
    /// The names, in the order help lists them.
    static let names = ["get_weather", "convert_temperature"]

    /// Registers every tool on `client`.
    static func register(on client: ChatbaseClient) {
        client.tool("get_weather") { input in try weather(input) }
        client.tool("convert_temperature") { input in try convertTemperature(input) }
    }

    /// A fake forecast for `input["city"]`, the same for the same city on every machine and run.
    static func weather(_ input: JSONValue) throws -> JSONValue {
        guard let city = input["city"]?.stringValue?.trimmingCharacters(in: .whitespaces), !city.isEmpty else {
            throw ToolInputError(message: "get_weather needs a non-empty \"city\" string")
        }
        // A stable seed: Swift's Hasher is randomised per process, the scalars' sum is not.
        let seed = city.lowercased().unicodeScalars.reduce(0) { ($0 &* 31 &+ Int($1.value)) & 0xFFFF }
        let conditions = ["sunny", "partly cloudy", "cloudy", "light rain", "windy"]
        return [
            "city": .string(city),
            "condition": .string(conditions[seed % conditions.count]),
            "temperatureC": .int(seed % 31 - 5),
            "humidityPercent": .int(30 + seed % 61),
        ]
    }

    /// Both scales for `{"celsius": n}` or `{"fahrenheit": n}`.
    static func convertTemperature(_ input: JSONValue) throws -> JSONValue {
        func rounded(_ value: Double) -> JSONValue { .number((value * 10).rounded() / 10) }
        if let celsius = input["celsius"]?.numberValue, celsius.isFinite {
            return ["celsius": rounded(celsius), "fahrenheit": rounded(celsius * 9 / 5 + 32)]
        }
        if let fahrenheit = input["fahrenheit"]?.numberValue, fahrenheit.isFinite {
            return ["celsius": rounded((fahrenheit - 32) * 5 / 9), "fahrenheit": rounded(fahrenheit)]
        }
        throw ToolInputError(message: "convert_temperature needs a number in \"celsius\" or \"fahrenheit\"")
    }
}

/// A demo tool got input it cannot use; the agent receives the message as the tool's error.
struct ToolInputError: Error, LocalizedError {
    let message: String

    var errorDescription: String? { message }
}
