/// How a one-time sign-in code is delivered. SMS is the only channel.
public enum OTPChannel: String, Sendable, Equatable {
    /// A text message to the phone number.
    case sms
}
