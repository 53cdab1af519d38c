extension Redactor {
    /// Masks every card number in `text`, whatever name it stands under (or none): a run of 13 to 19
    /// digits, optionally grouped by single spaces or dashes (`4242 4242 4242 4242`), that passes the
    /// Luhn check and is not part of a longer word or number.
    ///
    /// Names decide most of what is masked, but a card number is recognisable by its value, and a
    /// vault body sends it under the plain name `number`. So the value rule runs wherever the
    /// redactor sees text: JSON strings, integers, form bodies and free text. A long digit run that
    /// happens to pass Luhn (one in ten does) is masked too; a log loses an id, never a card.
    public func maskingCardNumbers(in text: String) -> String {
        let bytes = Array(text.utf8)
        // Cheap exit: fewer digits than the shortest card number.
        guard bytes.lazy.filter(Self.isDigit).count >= Self.cardDigits.lowerBound else { return text }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var masked = false
        var index = 0
        while index < bytes.count {
            guard Self.isDigit(bytes[index]), index == 0 || !Self.isWordByte(bytes[index - 1]),
                let end = Self.cardNumberEnd(in: bytes, from: index)
            else {
                output.append(bytes[index])
                index += 1
                continue
            }
            output.append(contentsOf: Self.mask.utf8)
            masked = true
            index = end
        }
        return masked ? String(decoding: output, as: UTF8.self) : text
    }

    /// Whether `value`'s decimal digits are a card number (13 to 19 digits passing Luhn).
    static func isCardNumber(_ value: Int) -> Bool {
        guard value > 0 else { return false }
        let digits = Array(String(value).utf8).map { Int($0 - UInt8(ascii: "0")) }
        return cardDigits.contains(digits.count) && passesLuhn(digits)
    }

    // MARK: - Internals

    static let cardDigits = 13...19

    /// The end of the card number starting at `start` (a digit after a non-word byte), or nil.
    private static func cardNumberEnd(in bytes: [UInt8], from start: Int) -> Int? {
        var digits: [Int] = []
        var index = start
        var end = start
        while index < bytes.count, digits.count <= cardDigits.upperBound {
            let byte = bytes[index]
            if isDigit(byte) {
                digits.append(Int(byte - UInt8(ascii: "0")))
                index += 1
                end = index
            } else if (byte == UInt8(ascii: " ") || byte == UInt8(ascii: "-")), index + 1 < bytes.count,
                isDigit(bytes[index + 1]), isDigit(bytes[index - 1])
            {
                index += 1  // one separator between two digits
            } else {
                break
            }
        }
        // A longer number, or one glued to a word, is not a card number.
        guard cardDigits.contains(digits.count), end == bytes.count || !isWordByte(bytes[end]) else { return nil }
        return passesLuhn(digits) ? end : nil
    }

    /// The Luhn check: from the right, every second digit doubled (less 9 past 9); the sum ends in 0.
    private static func passesLuhn(_ digits: [Int]) -> Bool {
        var sum = 0
        for (position, digit) in digits.reversed().enumerated() {
            let value = position % 2 == 1 ? digit * 2 : digit
            sum += value > 9 ? value - 9 : value
        }
        return sum % 10 == 0
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// Letters, digits and `_`: what a number must not be glued to.
    private static func isWordByte(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
            || byte == UInt8(ascii: "_")
    }
}
