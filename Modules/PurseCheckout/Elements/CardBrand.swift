/// A card's scheme, detected from the number's first digits as the shopper types.
public enum CardBrand: String, Sendable, Equatable, CaseIterable {
    /// Visa: starts with 4; 13, 16 or 19 digits; CVV of 3.
    case visa
    /// Mastercard: 51–55 or 2221–2720; 16 digits; CVV of 3.
    case mastercard
    /// American Express: 34 or 37; 15 digits; CVV of 4.
    case amex
    /// Not recognised (yet): 12–19 digits; CVV of 3.
    case unknown

    /// The brand that `digits` (ASCII digits) start with.
    init(digits: some Collection<UInt8>) {
        let leadingDigits = digits.prefix { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }.prefix(4)
        let prefix = leadingDigits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        let count = leadingDigits.count
        func leading(_ length: Int) -> Int? {
            count >= length ? prefix / Int(pow10(count - length)) : nil
        }
        if leading(1) == 4 {
            self = .visa
        } else if let two = leading(2), two == 34 || two == 37 {
            self = .amex
        } else if let two = leading(2), (51...55).contains(two) {
            self = .mastercard
        } else if let four = leading(4), (2221...2720).contains(four) {
            self = .mastercard
        } else {
            self = .unknown
        }
    }

    /// The number lengths the brand issues.
    var numberLengths: Set<Int> {
        switch self {
        case .visa: [13, 16, 19]
        case .mastercard: [16]
        case .amex: [15]
        case .unknown: Set(12...19)
        }
    }

    /// The CVV length the brand uses.
    public var cvvLength: Int { self == .amex ? 4 : 3 }
}

private func pow10(_ exponent: Int) -> Int {
    (0..<max(exponent, 0)).reduce(1) { value, _ in value * 10 }
}
