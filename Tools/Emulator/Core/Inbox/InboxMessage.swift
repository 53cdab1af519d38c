import Foundation

/// An email or SMS the emulated services "sent"; tests and developers read them from the inbox instead of a
/// real mailbox or phone.
package struct InboxMessage: Sendable, Equatable, Codable {
    /// How the message was sent.
    package enum Channel: String, Sendable, Codable, CaseIterable {
        case email, sms
    }

    /// Assigned when delivered; nil before.
    package var id: Int?
    /// Email or SMS.
    package var channel: Channel
    /// The email address or phone number.
    package var to: String
    /// The email subject; nil for SMS.
    package var subject: String?
    /// The text of the message.
    package var body: String
    /// Machine-readable extras a test needs without parsing `body` (e.g. `token`, `code`, `link`).
    package var metadata: [String: String]
    /// When it was delivered (ISO 8601, UTC); nil before.
    package var createdAt: String?

    /// Creates a message to deliver.
    package init(
        channel: Channel, to: String, subject: String? = nil, body: String, metadata: [String: String] = [:]
    ) {
        self.channel = channel
        self.to = to
        self.subject = subject
        self.body = body
        self.metadata = metadata
    }
}
