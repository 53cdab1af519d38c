/// Renders a `Double` exactly as JavaScript's `Number.prototype.toString()` does, so query strings
/// and stringified error details match what the web SDKs and JavaScript servers produce.
///
/// Both languages print the shortest digit string that reads back as the same `Double` (Swift's
/// `description` and ECMAScript's Number::toString agree on the digits); only the layout differs:
/// JavaScript writes plain decimals for exponents from -7 to 20 (`0.000001`,
/// `100000000000000000000`) and `1e-7` / `1.5e+21` beyond, where Swift writes `1e-07` and uses
/// exponents from 1e16 on.
enum JavaScriptNumber {
    /// The JavaScript rendering of `value`: `NaN`, `Infinity` and `-Infinity` for the non-finite
    /// values, `0` for both zeros.
    static func string(from value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
        if value == 0 { return "0" }
        if value < 0 { return "-" + string(from: -value) }

        let (digits, pointPosition) = shortestDigits(of: value)
        return layout(digits: digits, pointPosition: pointPosition)
    }

    /// The shortest round-trip digits of a positive finite value (no leading or trailing zeros) and
    /// `n` such that the value is `0.d1d2…dk × 10^n`, read off Swift's own shortest rendering.
    private static func shortestDigits(of value: Double) -> (digits: [UInt8], pointPosition: Int) {
        let text = value.description.utf8
        var digits: [UInt8] = []
        var pointPosition = 0
        var seenPoint = false
        var exponent = 0
        var exponentSign = 1
        var inExponent = false
        for byte in text {
            switch byte {
            case UInt8(ascii: "e"), UInt8(ascii: "E"):
                inExponent = true
            case UInt8(ascii: "-") where inExponent:
                exponentSign = -1
            case UInt8(ascii: "+"):
                continue
            case UInt8(ascii: "."):
                seenPoint = true
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if inExponent {
                    exponent = exponent * 10 + Int(byte - UInt8(ascii: "0"))
                } else {
                    digits.append(byte)
                    if !seenPoint { pointPosition += 1 }
                }
            default:
                continue
            }
        }
        while let first = digits.first, first == UInt8(ascii: "0") {
            digits.removeFirst()
            pointPosition -= 1
        }
        while let last = digits.last, last == UInt8(ascii: "0") {
            digits.removeLast()
        }
        return (digits, pointPosition + exponentSign * exponent)
    }

    /// ECMAScript Number::toString, steps 6–10, for radix 10.
    private static func layout(digits: [UInt8], pointPosition n: Int) -> String {
        let k = digits.count
        var output: [UInt8] = []
        let zero = UInt8(ascii: "0")
        if k <= n && n <= 21 {
            output = digits + [UInt8](repeating: zero, count: n - k)
        } else if 0 < n && n <= 21 {
            output = Array(digits[..<n]) + [UInt8(ascii: ".")] + Array(digits[n...])
        } else if -6 < n && n <= 0 {
            output = [zero, UInt8(ascii: ".")] + [UInt8](repeating: zero, count: -n) + digits
        } else {
            let exponent = n - 1
            output = [digits[0]]
            if k > 1 { output += [UInt8(ascii: ".")] + digits[1...] }
            output += Array("e\(exponent < 0 ? "-" : "+")\(abs(exponent))".utf8)
        }
        return String(decoding: output, as: UTF8.self)
    }
}
