import ErrorCore
import Foundation

/// What the card element holds. Number and CVV are ASCII digit bytes, zeroed when wiped; nothing
/// here is ever shown: `description` and the mirror name the brand, the last four digits and
/// whether a token exists, never the number, the CVV or the token.
struct CardData: Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    var number: [UInt8] = []
    var cvv: [UInt8] = []
    var expiryMonth: Int?
    var expiryYear: Int?
    var holderName: String?
    /// The vault's token once the vault took the card; number and CVV are wiped then.
    var token: String?
    /// The vault's brand and last four digits for the token.
    var tokenBrand: CardBrand?
    var tokenLast4: String?

    var brand: CardBrand { token != nil ? (tokenBrand ?? .unknown) : CardBrand(digits: number) }

    /// The last four digits, once the number is complete and valid (or tokenized).
    func last4(validity: CardValidity) -> String? {
        if token != nil { return tokenLast4 }
        guard validity.number == .valid else { return nil }
        return String(decoding: number.suffix(4), as: UTF8.self)
    }

    /// Zeroes the number and the CVV, then forgets them.
    mutating func wipe() {
        for index in number.indices { number[index] = 0 }
        for index in cvv.indices { cvv[index] = 0 }
        number = []
        cvv = []
    }

    /// Forgets the token (a new card was typed).
    mutating func dropToken() {
        token = nil
        tokenBrand = nil
        tokenLast4 = nil
    }

    /// The vault's body `{"cvv","expiry_month","expiry_year","holder_name"?,"number"}`, written straight
    /// from the digit bytes.
    ///
    /// Not a `Codable` struct, unlike every other body the SDK sends, for a security reason: an encoder
    /// would copy the number and the CVV into `String`s, which cannot be zeroed and may outlive the
    /// payment in freed memory. Here they only ever exist as these bytes, which ``wipe()`` zeroes, and
    /// as the one body `Data` the request sends.
    func vaultBody() -> Data {
        var body = Data(#"{"cvv":""#.utf8)
        body.append(contentsOf: cvv)
        body.append(contentsOf: #"","expiry_month":\#(expiryMonth ?? 0),"expiry_year":\#(expiryYear ?? 0)"#.utf8)
        if let holderName {
            var quoted = ""
            AnyCodableValue.writeQuoted(holderName, to: &quoted)
            body.append(contentsOf: #","holder_name":"#.utf8)
            body.append(contentsOf: quoted.utf8)
        }
        body.append(contentsOf: #","number":""#.utf8)
        body.append(contentsOf: number)
        body.append(contentsOf: #""}"#.utf8)
        return body
    }

    var description: String {
        "card(\(brand.rawValue)\(tokenLast4.map { " •••• \($0)" } ?? ""), token: \(token == nil ? "none" : "<redacted>"))"
    }

    var debugDescription: String { description }

    var customMirror: Mirror {
        Mirror(
            self, children: ["brand": brand.rawValue, "tokenized": token != nil, "expiryYear": expiryYear as Any],
            displayStyle: .struct)
    }
}
