import EmulatorCore
import ErrorCore

/// A payment method the emulated sessions offer (the contract's method ids), with its amount limits: one entry
/// of `Specs/purse/methods.json` (see `PurseMethodCatalogue`).
package struct PurseMethod: Sendable, Equatable {
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

extension PurseMethod: Decodable {
    private enum CodingKeys: String, CodingKey {
        case id, partner, method, isSecondary, position, minAmount, maxAmount, integrationType, requiresPlugin
        case canBeRegistered
    }

    /// Any member name, to find one that is not a `CodingKeys` case.
    private struct MemberKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Reads an entry whose every key is present (`null` where a limit or plugin is absent) and which has no
    /// other: a misspelt key in the catalogue is an error, not a method without that limit.
    package init(from decoder: any Decoder) throws {
        let members = try decoder.container(keyedBy: MemberKey.self)
        if let unknown = members.allKeys.first(where: { CodingKeys(stringValue: $0.stringValue) == nil }) {
            throw DecodingError.dataCorruptedError(forKey: unknown, in: members, debugDescription: "unknown key")
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func nullable<T: Decodable>(_ type: T.Type, _ key: CodingKeys) throws -> T? {
            try container.decodeNil(forKey: key) ? nil : container.decode(type, forKey: key)
        }
        id = try container.decode(String.self, forKey: .id)
        partner = try container.decode(String.self, forKey: .partner)
        method = try container.decode(String.self, forKey: .method)
        isSecondary = try container.decode(Bool.self, forKey: .isSecondary)
        position = try container.decode(Int.self, forKey: .position)
        minAmount = try nullable(Int.self, .minAmount)
        maxAmount = try nullable(Int.self, .maxAmount)
        integrationType = try container.decode(String.self, forKey: .integrationType)
        requiresPlugin = try nullable(String.self, .requiresPlugin)
        canBeRegistered = try container.decode(Bool.self, forKey: .canBeRegistered)
    }
}
