import ErrorCore
import Foundation

/// The Checkout API's answers as they arrive, decoded with the SDK's snake_case decoder
/// (`SDKCoders.snakeCaseDecoder()`: `remaining_amount` arrives as `remainingAmount`) before they become
/// the public types. Absent and `null` members are `nil` where the wire allows them; a member of the
/// wrong type fails the answer, with its coding path. Every property crosses a snake_case wire, so
/// acronyms are spelt as words (`paymentId`), per the coders' acronym rule.
enum CheckoutWire {
    /// The session and its methods (`POST …/init`).
    struct InitAnswer: Decodable, Sendable {
        struct Session: Decodable, Sendable {
            let id: String
            let status: String
            let amount: Int?
            let currency: String?
            let remainingAmount: Int?
        }

        struct Method: Decodable, Sendable {
            let id: String
            let partner: String
            let method: String
            let isSecondary: Bool?
            let position: Int?
            let minAmount: Int?
            let maxAmount: Int?
            let integrationType: String?
            let requiresPlugin: String?
            let canBeRegistered: Bool?
            let disabled: Disabled?
        }

        struct Disabled: Decodable, Sendable {
            let code: String
            let message: String?
            /// As sent: its keys are the server's, never converted.
            let details: AnyCodableValue?
        }

        let session: Session
        let methods: [Method]
    }

    /// The vault's token for a card (`POST /vault/v1/cards`).
    struct VaultAnswer: Decodable, Sendable {
        let token: String
        let brand: String?
        let last4: String?
    }

    /// A secondary item and its balance (`POST …/items/init`).
    struct ItemAnswer: Decodable, Sendable {
        let id: String
        let balance: Int
        let currency: String?
        let status: String?
    }

    /// One item of the `results` of `validate` and of the status.
    struct Result: Decodable, Sendable {
        struct Status: Decodable, Sendable {
            let action: String?
            let state: String?
            let code: String?
            let description: String?
        }

        let id: String?
        let transactionId: String?
        let partner: String?
        let method: String?
        let status: Status?
    }

    /// `validate`'s 200: always, a decline included.
    struct ValidateAnswer: Decodable, Sendable {
        struct Redirection: Decodable, Sendable {
            let url: String?
        }

        struct Session: Decodable, Sendable {
            let status: String?
            let paymentId: String?
        }

        let globalStatus: String
        let results: [Result]?
        let redirection: Redirection?
        let session: Session?
    }

    /// The session's status and its last `validate` (`GET …/status`).
    struct StatusAnswer: Decodable, Sendable {
        struct LastValidate: Decodable, Sendable {
            let idempotencyKey: String
            let completed: Bool
        }

        let clientSessionStatus: String
        let globalStatus: String?
        let paymentId: String?
        let results: [Result]?
        let lastValidate: LastValidate?
    }

    /// The `validate` body (`{"client_context"?, "items", "split_total"}`), frozen as bytes before the
    /// first attempt: every replay sends these bytes.
    struct ValidateBody: Encodable {
        struct ClientContext: Encodable {
            let returnUrl: String
        }

        /// `{"amount","method","partner","payment_data","payment_preferences":{"save_token"}}`.
        struct Item: Encodable {
            struct Preferences: Encodable {
                let saveToken: Bool
            }

            let amount: Int
            let method: String
            let partner: String
            /// As the method's module made it: its keys are sent as they are.
            let paymentData: AnyCodableValue
            let paymentPreferences: Preferences
        }

        let clientContext: ClientContext?
        let items: [Item]
        let splitTotal: Int
    }

    /// The `items/init` body for a gift card (`{"method","partner","payment_data":{"card_number","pin"}}`).
    struct ItemBody: Encodable {
        struct PaymentData: Encodable {
            let cardNumber: String
            let pin: String
        }

        let method: String
        let partner: String
        let paymentData: PaymentData
    }

    /// The `init` body (`{"disabled_methods","locale"?}`).
    struct InitBody: Encodable {
        let disabledMethods: [String]
        let locale: String?
    }

    /// The coders of the Checkout API's wire: snake_case, sorted keys.
    static let encoder = SDKCoders.snakeCaseEncoder()
    static let decoder = SDKCoders.snakeCaseDecoder()
}

extension CheckoutWire.InitAnswer.Method {
    /// The public method, with the server's disabled state.
    var paymentMethod: PaymentMethod {
        PaymentMethod(
            id: id, partner: partner, method: method, isSecondary: isSecondary ?? false, position: position ?? 0,
            minAmount: minAmount, maxAmount: maxAmount,
            integrationType: PaymentMethod.IntegrationType(rawValue: integrationType ?? "hosted_fields"),
            requiresPlugin: requiresPlugin, canBeRegistered: canBeRegistered ?? false,
            disabled: disabled.map {
                DisabledState(
                    code: PurseErrorCode(rawValue: $0.code), message: $0.message ?? $0.code, details: $0.details,
                    origin: .server)
            })
    }
}
