import Emulator
import ErrorCore
import Foundation
import SDKTransport

extension Command {
    /// `sdk emulator inbox [--to ADDRESS] [--channel email|sms] [--clear]`: what the emulated services "sent".
    static let emulatorInbox = Command(
        name: "inbox",
        summary: "Show the emails and SMS the emulator's services sent (codes, links, tokens).",
        discussion: """
            Reads the admin inbox of the emulator at --base-url (default \
            \(PalbeCLIConfiguration.defaultBaseURL.absoluteString)), oldest first: sign-in codes, magic links, \
            password-reset and verification tokens. --to keeps one recipient's, --channel one channel's; \
            --clear deletes them after printing. The admin token comes from SDK_EMULATOR_TOKEN, else the \
            admin-token file of SDK_EMULATOR_DATA_DIR (default \(EmulatorConfiguration.defaultDataDirectory)).
            """,
        parameters: EmulatorInboxParameters(),
        run: { values, context in
            let baseURL = context.baseURL ?? PalbeCLIConfiguration.defaultBaseURL
            let admin = EmulatorAdminClient(baseURL: baseURL, environment: context.environment)
            var query: [String] = []
            if let to = values.to { query.append("to=" + Self.queryEncoded(to)) }
            if let channel = values.channel { query.append("channel=" + channel) }
            let path = "inbox" + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
            let messages = try await Self.inbox(admin, path: path, baseURL: baseURL)
            if values.clear {
                let target = "inbox" + (values.to.map { "?to=" + Self.queryEncoded($0) } ?? "")
                let response = try await admin.send("DELETE", target)
                guard response.status == 200 else { throw admin.failure(response, path: target) }
            }
            let text =
                messages.isEmpty
                ? ["(no messages)"]
                : messages.map { message in
                    let details = message.metadata.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
                    let head =
                        "#\(message.id ?? 0) \(message.channel.rawValue) to \(message.to)"
                        + (message.subject.map { ": \($0)" } ?? "")
                    return
                        ([head, "  " + message.body] + (details.isEmpty ? [] : ["  " + details.joined(separator: " ")]))
                        .joined(separator: "\n")
                }
            try context.emit(InboxListing(messages: messages), text: text)
        }
    )

    private static func inbox(_ admin: EmulatorAdminClient, path: String, baseURL: URL) async throws -> [InboxMessage] {
        let response: HTTPResponse
        do {
            response = try await admin.send("GET", path)
        } catch let error as TransportError {
            throw CommandFailure(
                code: "emulator_unreachable",
                message: "No emulator answers at \(baseURL.absoluteString) (\(error.message)); start one with "
                    + "'sdk emulator start'")
        }
        guard response.status == 200 else { throw admin.failure(response, path: path) }
        do {
            return try SDKCoders.snakeCaseDecoder().decode(InboxListing.self, from: response.body).messages
        } catch {
            throw CommandFailure(
                code: "emulator_admin", message: "The emulator's inbox answer is not the expected JSON")
        }
    }

    private static func queryEncoded(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? value
    }
}

/// `sdk emulator inbox`'s options.
private struct EmulatorInboxParameters: CommandParameters {
    let to = Option<String?>.value(
        "to", type: .nonEmpty, valueName: "address", help: "Only messages to this email or phone.")
    let channel = Option<String?>.value("channel", type: .oneOf(["email", "sms"]), help: "Only this channel.")
    let clear = Option.flag("clear", help: "Delete the listed recipient's messages (all with no --to) after printing.")
}

/// `{"messages": [...]}`, as the admin API answers and `--json` prints.
private struct InboxListing: Codable {
    let messages: [InboxMessage]
}
