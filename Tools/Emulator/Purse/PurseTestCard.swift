import EmulatorCore

/// What a card number does in the emulator: the contract's test cards, and success for any other Luhn-valid
/// number. Stored with the token instead of the number.
enum PurseTestCard: String {
    case success
    case insufficientFunds = "insufficient_funds"
    case cardExpired = "card_expired"
    case uncertain

    /// The behaviour `digits` selects.
    init(digits: String) {
        switch digits {
        case "4000000000000002": self = .insufficientFunds
        case "4000000000000069": self = .cardExpired
        case "4000000000000119": self = .uncertain
        default: self = .success
        }
    }

    /// `global_status` and `status.code` of the `validate` answer.
    var outcome: (globalStatus: String, code: String, description: String) {
        switch self {
        case .success: ("SUCCESS", "SUCCEEDED", "The payment was authorised")
        case .insufficientFunds: ("FAILED", "INSUFFICIENT_FUNDS", "The issuer declined: insufficient funds")
        case .cardExpired: ("FAILED", "CARD_EXPIRED", "The issuer declined: the card has expired")
        case .uncertain: ("UNCERTAIN", "PENDING", "The partner has not confirmed the payment yet")
        }
    }

    /// True when `digits` passes the Luhn check.
    static func isLuhnValid(_ digits: String) -> Bool {
        var sum = 0
        for (index, character) in digits.reversed().enumerated() {
            guard let digit = character.wholeNumberValue else { return false }
            if index % 2 == 1 {
                let doubled = digit * 2
                sum += doubled > 9 ? doubled - 9 : doubled
            } else {
                sum += digit
            }
        }
        return !digits.isEmpty && sum % 10 == 0
    }

    /// The brand the number's prefix names: `visa`, `mastercard`, `amex`, or `unknown`.
    static func brand(_ digits: String) -> String {
        if digits.hasPrefix("4") { return "visa" }
        if digits.hasPrefix("34") || digits.hasPrefix("37") { return "amex" }
        if let two = Int(digits.prefix(2)), (51...55).contains(two) { return "mastercard" }
        if let four = Int(digits.prefix(4)), (2221...2720).contains(four) { return "mastercard" }
        return "unknown"
    }
}
