import ErrorCore
import Foundation
import SDKTransport
import Testing

@testable import PurseCheckout

/// The card element holds the card; the app reads the brand, the last four digits and each field's
/// validity, never the number or the CVV.
@Suite struct CardElementTests {
    /// A card element on a checkout that is never loaded (no network), dated 15 June 2026.
    static func element() throws -> CardElement {
        let checkout = try PurseHeadlessCheckout(
            widgetData: WidgetDataTests.widget(), transport: DefaultTransport.make())
        return CardElement(methodID: "creditcard", checkout: checkout, now: { Self.today })
    }

    static let today = ISO8601Timestamp.date(from: "2026-06-15T12:00:00Z")!

    @Test(
        arguments: [
            ("4242 4242 4242 4242", CardBrand.visa, FieldValidity.valid, "4242"),
            ("4242-4242-4242-4241", .visa, .invalid, nil),  // Luhn fails at the brand's last length
            ("4242 4242", .visa, .incomplete, nil),
            ("5555 5555 5555 4444", .mastercard, .valid, "4444"),
            ("2221 0000 0000 0009", .mastercard, .valid, "0009"),
            ("3782 822463 10005", .amex, .valid, "0005"),
            ("3782 822463 100051", .amex, .invalid, nil),  // too long for amex
            ("6011 1111 1111 1117", .unknown, .valid, "1117"),
            ("4242 4242 4242 424x", .visa, .invalid, nil),
            ("", .unknown, .empty, nil),
        ] as [(String, CardBrand, FieldValidity, String?)])
    func numbers(_ number: String, _ brand: CardBrand, _ validity: FieldValidity, _ last4: String?) throws {
        let card = try Self.element()
        card.setNumber(number)
        #expect(card.brand == brand)
        #expect(card.validity.number == validity)
        #expect(card.last4 == last4)
    }

    @Test func expiryMustNotBeInThePast() throws {
        let card = try Self.element()
        #expect(card.validity.expiry == .empty)
        card.setExpiry(month: 6, year: 2026)  // this month: still valid
        #expect(card.validity.expiry == .valid)
        card.setExpiry(month: 5, year: 2026)
        #expect(card.validity.expiry == .invalid)
        card.setExpiry(month: 1, year: 30)
        #expect(card.validity.expiry == .valid)
        card.setExpiry(month: 13, year: 2030)
        #expect(card.validity.expiry == .invalid)
        card.setExpiry(month: 12, year: nil)
        #expect(card.validity.expiry == .incomplete)
    }

    @Test func cvvLengthFollowsTheBrand() throws {
        let card = try Self.element()
        card.setNumber("4242424242424242")
        card.setCVV("12")
        #expect(card.validity.cvv == .incomplete)
        card.setCVV("123")
        #expect(card.validity.cvv == .valid)
        card.setCVV("1234")
        #expect(card.validity.cvv == .invalid)
        card.setCVV("123")
        // A new number keeps the CVV and judges it by the new brand.
        card.setNumber("378282246310005")
        #expect(card.validity.cvv == .incomplete)
        card.setCVV("1234")
        #expect(card.validity.cvv == .valid)
        card.setCVV("12a4")
        #expect(card.validity.cvv == .invalid)
    }

    @Test func fulfilledNeedsEveryField() throws {
        let card = try Self.element()
        card.setNumber("4242424242424242")
        card.setCVV("123")
        #expect(!card.isFulfilled)
        card.setExpiry(month: 12, year: 2030)
        #expect(card.isFulfilled)
        #expect(card.validity.isValid)
        card.clear()
        #expect(!card.isFulfilled)
        #expect(card.validity.number == .empty)
    }

    @Test func theCardNeverShowsInDescriptionsOrMirrors() throws {
        let card = try Self.element()
        card.setNumber("4539 1488 0343 6467")
        card.setExpiry(month: 12, year: 2030)
        card.setCVV("951")
        card.setHolderName("Ada Lovelace")
        var dumped = ""
        dump(card, to: &dumped)
        let mirror = Mirror(reflecting: card).children.map { "\($0.label ?? ""): \($0.value)" }.joined(separator: " ")
        for text in [card.description, String(reflecting: card), "\(card)", dumped, mirror] {
            #expect(!text.contains("4539148803436467"), "\(text)")
            #expect(!text.contains("4539 1488"), "\(text)")
            #expect(!text.contains("951"), "\(text)")
            #expect(text.contains("visa"), "\(text)")
        }
        #expect(card.description == "CardElement(creditcard, visa •••• 6467, fulfilled)")
    }
}
