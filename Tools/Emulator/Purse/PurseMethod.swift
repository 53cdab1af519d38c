import EmulatorCore
import ErrorCore

/// A payment method the emulated sessions offer (the contract's method ids), with its amount limits.
struct PurseMethod {
    let id: String
    let partner: String
    let method: String
    let isSecondary: Bool
    let position: Int
    let minAmount: Int?
    let maxAmount: Int?
    let integrationType: String
    let requiresPlugin: String?
    let canBeRegistered: Bool

    /// Every method, in `position` order.
    static let catalogue: [PurseMethod] = [
        PurseMethod(
            id: "creditcard", partner: "purse", method: "creditcard", isSecondary: false, position: 1,
            minAmount: nil, maxAmount: nil, integrationType: "hosted_fields", requiresPlugin: nil,
            canBeRegistered: true),
        PurseMethod(
            id: "paypal-wallet", partner: "paypal", method: "wallet", isSecondary: false, position: 2, minAmount: nil,
            maxAmount: 500_000, integrationType: "redirection", requiresPlugin: "paypal", canBeRegistered: false),
        PurseMethod(
            id: "klarna-paylater", partner: "klarna", method: "paylater", isSecondary: false, position: 3,
            minAmount: 3_500, maxAmount: 150_000, integrationType: "redirection", requiresPlugin: "klarna",
            canBeRegistered: false),
        PurseMethod(
            id: "applepay-wallet", partner: "applepay", method: "wallet", isSecondary: false, position: 4,
            minAmount: nil, maxAmount: nil, integrationType: "native", requiresPlugin: "applepay",
            canBeRegistered: false),
        PurseMethod(
            id: "illicado-giftcard", partner: "illicado", method: "giftcard", isSecondary: true, position: 5,
            minAmount: nil, maxAmount: nil, integrationType: "hosted_fields", requiresPlugin: nil,
            canBeRegistered: false),
    ]

    static func named(_ id: String) -> PurseMethod? {
        catalogue.first { $0.id == id }
    }

    /// The disabled states the admin API set (`METHOD_UNSTABLE`, `TOKEN_INIT_FAILED`, …) by method id.
    static func adminStates(store: SQLiteDatabase) throws -> [String: AnyCodableValue] {
        var states: [String: AnyCodableValue] = [:]
        for row in try store.query("SELECT * FROM purse_method_states") {
            guard let id = row.string("method_id"), let code = row.string("code") else { continue }
            states[id] = ["code": .string(code), "message": .string(row.string("message") ?? code), "details": .null]
        }
        return states
    }

    /// The server disabled state for a session of `amount`: `MIN_AMOUNT_NOT_MET`, `MAX_AMOUNT_EXCEEDED`, or null.
    func disabledState(amount: Int) -> AnyCodableValue {
        if let minAmount, amount < minAmount {
            return [
                "code": "MIN_AMOUNT_NOT_MET", "message": .string("The amount is below \(minAmount)"),
                "details": ["min_amount": .int(minAmount)],
            ]
        }
        if let maxAmount, amount > maxAmount {
            return [
                "code": "MAX_AMOUNT_EXCEEDED", "message": .string("The amount is above \(maxAmount)"),
                "details": ["max_amount": .int(maxAmount)],
            ]
        }
        return .null
    }

    /// The method as C1 lists it; `override` (an admin-set state) wins over the amount rules.
    func json(amount: Int, override: AnyCodableValue? = nil) -> AnyCodableValue {
        [
            "id": .string(id), "partner": .string(partner), "method": .string(method),
            "is_secondary": .bool(isSecondary),
            "position": .int(position), "min_amount": minAmount.map(AnyCodableValue.int) ?? .null,
            "max_amount": maxAmount.map(AnyCodableValue.int) ?? .null, "integration_type": .string(integrationType),
            "requires_plugin": requiresPlugin.map(AnyCodableValue.string) ?? .null,
            "can_be_registered": .bool(canBeRegistered), "disabled": override ?? disabledState(amount: amount),
        ]
    }
}
