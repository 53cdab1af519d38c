import ErrorCore
import Foundation
import Testing

@testable import PurseCheckout

/// The frozen `validate` body is a Codable struct encoded by the wire's encoder; its bytes must be those of
/// the same body built as an ``AnyCodableValue`` (sorted keys, the package's escapes), for every shape a plan
/// takes.
@Suite struct ValidateBodyTests {
    private static let card = PaymentMethod(
        id: "creditcard", partner: "purse", method: "creditcard", isSecondary: false, position: 0, minAmount: nil,
        maxAmount: nil, integrationType: .hostedFields, requiresPlugin: nil, canBeRegistered: true, disabled: nil)
    private static let giftCards = [
        AppliedSecondary(
            item: SecondaryItem(
                id: "gc_1", methodID: "giftcard", partner: "purse", balance: 900, currency: "EUR", status: .active),
            amount: 900),
        AppliedSecondary(
            item: SecondaryItem(
                id: "gc_\"2\"", methodID: "giftcard", partner: "pärtner", balance: 50, currency: "EUR", status: .active),
            amount: 50),
    ]

    /// The body as it was built before: one `AnyCodableValue`, written by `jsonData`.
    private static func reference(
        amount: Int, secondaries: [AppliedSecondary], method: PaymentMethod?, paymentData: AnyCodableValue,
        saveToken: Bool, returnURL: URL?
    ) -> Data {
        var items: [AnyCodableValue] = secondaries.map { applied in
            [
                "method": .string(applied.item.methodID), "partner": .string(applied.item.partner),
                "amount": .int(applied.amount), "payment_data": ["item_id": .string(applied.item.id)],
                "payment_preferences": ["save_token": false],
            ]
        }
        if let method {
            items.append([
                "method": .string(method.id), "partner": .string(method.partner),
                "amount": .int(amount - secondaries.reduce(0) { $0 + $1.amount }), "payment_data": paymentData,
                "payment_preferences": ["save_token": .bool(saveToken)],
            ])
        }
        var body: [String: AnyCodableValue] = ["items": .array(items), "split_total": .int(amount)]
        if let returnURL { body["client_context"] = ["return_url": .string(returnURL.absoluteString)] }
        return AnyCodableValue.object(body).jsonData
    }

    @Test func everyShapeOfPlanWritesTheBytesOfTheEquivalentValue() throws {
        let returnURLs = [nil, URL(string: "https://shop.example/return?order=1&x=%22")]
        let paymentData: [AnyCodableValue] = [
            ["card_token": "tok_1"], [:], ["order_id": "O-1", "nested": ["b": [1, nil], "a": 2.5]],
        ]
        var checked = 0
        for returnURL in returnURLs {
            for secondaries in [[], Array(Self.giftCards.prefix(1)), Self.giftCards] {
                for method in [Self.card, nil] {
                    for data in paymentData {
                        for saveToken in [false, true] {
                            let written = try PurseHeadlessCheckout.validateBody(
                                amount: 4_999, secondaries: secondaries, method: method, paymentData: data,
                                saveToken: saveToken, returnURL: returnURL)
                            let expected = Self.reference(
                                amount: 4_999, secondaries: secondaries, method: method, paymentData: data,
                                saveToken: saveToken, returnURL: returnURL)
                            #expect(
                                String(decoding: written, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
                            checked += 1
                        }
                    }
                }
            }
        }
        #expect(checked == 72)
    }
}
