import Foundation

/// One card field's state, as the shopper types.
public enum FieldValidity: String, Sendable, Equatable {
    /// Nothing entered.
    case empty
    /// A valid beginning: keep typing.
    case incomplete
    /// Cannot become valid (a failed Luhn check, a past expiry, a non-digit).
    case invalid
    /// Complete and valid.
    case valid
}

/// The card element's fields' states: what the app shows next to each field. The number and CVV
/// themselves are never readable.
public struct CardValidity: Sendable, Equatable {
    /// The number: length for its brand and the Luhn check.
    public let number: FieldValidity
    /// The expiry: a month and a year, not in the past (a card is valid through its expiry month).
    public let expiry: FieldValidity
    /// The CVV: 3 digits, 4 for American Express.
    public let cvv: FieldValidity

    /// Every field is valid.
    public var isValid: Bool { number == .valid && expiry == .valid && cvv == .valid }

    /// The rules, on the element's data at `now`.
    init(_ card: CardData, now: Date) {
        number = Self.number(card.number)
        expiry = Self.expiry(month: card.expiryMonth, year: card.expiryYear, now: now)
        cvv = Self.cvv(card.cvv, brand: CardBrand(digits: card.number))
    }

    /// A tokenized card: everything was valid when the vault took it.
    static let tokenized = CardValidity(number: .valid, expiry: .valid, cvv: .valid)

    private init(number: FieldValidity, expiry: FieldValidity, cvv: FieldValidity) {
        self.number = number
        self.expiry = expiry
        self.cvv = cvv
    }

    static func number(_ digits: [UInt8]) -> FieldValidity {
        if digits.isEmpty { return .empty }
        guard digits.allSatisfy(isDigit) else { return .invalid }
        let brand = CardBrand(digits: digits)
        let longest = brand.numberLengths.max() ?? 19
        if digits.count > longest { return .invalid }
        guard brand.numberLengths.contains(digits.count) else { return .incomplete }
        return isLuhnValid(digits) ? .valid : .invalid
    }

    static func expiry(month: Int?, year: Int?, now: Date) -> FieldValidity {
        guard let month, let year else { return month == nil && year == nil ? .empty : .incomplete }
        guard (1...12).contains(month), (0...9999).contains(year) else { return .invalid }
        let fullYear = year < 100 ? 2000 + year : year
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let today = calendar.dateComponents([.year, .month], from: now)
        return (fullYear, month) < (today.year ?? 0, today.month ?? 0) ? .invalid : .valid
    }

    static func cvv(_ digits: [UInt8], brand: CardBrand) -> FieldValidity {
        if digits.isEmpty { return .empty }
        guard digits.allSatisfy(isDigit), digits.count <= brand.cvvLength else { return .invalid }
        return digits.count == brand.cvvLength ? .valid : .incomplete
    }

    /// The Luhn checksum over ASCII digits.
    static func isLuhnValid(_ digits: [UInt8]) -> Bool {
        var sum = 0
        for (index, byte) in digits.reversed().enumerated() {
            let digit = Int(byte - UInt8(ascii: "0"))
            sum += index % 2 == 1 ? (digit * 2 > 9 ? digit * 2 - 9 : digit * 2) : digit
        }
        return !digits.isEmpty && sum % 10 == 0
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
