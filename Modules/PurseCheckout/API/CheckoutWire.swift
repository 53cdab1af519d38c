import ErrorCore
import Foundation

/// The Checkout API's messages as they cross the wire: `Decodable` answers before they become the public
/// types, `Encodable` bodies frozen before they are sent. Absent and `null` members are `nil` where the wire
/// allows them; a member of the wrong type fails the answer, with its coding path.
///
/// Each type spells its snake_case wire keys in its `CodingKeys`, and the coders convert none
/// (``decoder``, ``encoder``). Foundation's `.convertFromSnakeCase` converts every key of every object the
/// answer holds into a dictionary before a property is read; on the payment path that cost as much as the
/// rest of the SDK's own work. The keys are the contract's, written once, and a failure's coding path names
/// them as the wire does (`global_status`, `results[0].status.code`).
enum CheckoutWire {
    /// The session and its methods (`POST …/init`).
    struct InitAnswer: Decodable, Sendable {
        struct Session: Decodable, Sendable {
            let id: String
            let status: String
            let amount: Int?
            let currency: String?
            let remainingAmount: Int?

            enum CodingKeys: String, CodingKey {
                case id, status, amount, currency
                case remainingAmount = "remaining_amount"
            }
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

            enum CodingKeys: String, CodingKey {
                case id, partner, method, position, disabled
                case isSecondary = "is_secondary", minAmount = "min_amount", maxAmount = "max_amount"
                case integrationType = "integration_type", requiresPlugin = "requires_plugin"
                case canBeRegistered = "can_be_registered"
            }
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

        enum CodingKeys: String, CodingKey {
            case id, partner, method, status
            case transactionId = "transaction_id"
        }
    }

    /// `validate`'s 200: always, a decline included.
    struct ValidateAnswer: Decodable, Sendable {
        struct Redirection: Decodable, Sendable {
            let url: String?
        }

        struct Session: Decodable, Sendable {
            let status: String?
            let paymentId: String?

            enum CodingKeys: String, CodingKey {
                case status
                case paymentId = "payment_id"
            }
        }

        let globalStatus: String
        let results: [Result]?
        let redirection: Redirection?
        let session: Session?

        enum CodingKeys: String, CodingKey {
            case results, redirection, session
            case globalStatus = "global_status"
        }
    }

    /// The session's status and its last `validate` (`GET …/status`).
    struct StatusAnswer: Decodable, Sendable {
        struct LastValidate: Decodable, Sendable {
            let idempotencyKey: String
            let completed: Bool

            enum CodingKeys: String, CodingKey {
                case completed
                case idempotencyKey = "idempotency_key"
            }
        }

        let clientSessionStatus: String
        let globalStatus: String?
        let paymentId: String?
        let results: [Result]?
        let lastValidate: LastValidate?

        enum CodingKeys: String, CodingKey {
            case results
            case clientSessionStatus = "client_session_status", globalStatus = "global_status"
            case paymentId = "payment_id", lastValidate = "last_validate"
        }
    }

    /// The `validate` body (`{"client_context"?, "items", "split_total"}`), frozen as bytes before the
    /// first attempt: every replay sends these bytes.
    struct ValidateBody: Encodable {
        struct ClientContext: Encodable {
            let returnUrl: String

            enum CodingKeys: String, CodingKey {
                case returnUrl = "return_url"
            }
        }

        /// `{"amount","method","partner","payment_data","payment_preferences":{"save_token"}}`.
        struct Item: Encodable {
            struct Preferences: Encodable {
                let saveToken: Bool

                enum CodingKeys: String, CodingKey {
                    case saveToken = "save_token"
                }
            }

            let amount: Int
            let method: String
            let partner: String
            /// As the method's module made it: its keys are sent as they are.
            let paymentData: AnyCodableValue
            let paymentPreferences: Preferences

            enum CodingKeys: String, CodingKey {
                case amount, method, partner
                case paymentData = "payment_data", paymentPreferences = "payment_preferences"
            }
        }

        let clientContext: ClientContext?
        let items: [Item]
        let splitTotal: Int

        enum CodingKeys: String, CodingKey {
            case items
            case clientContext = "client_context", splitTotal = "split_total"
        }
    }

    /// The `items/init` body for a gift card (`{"method","partner","payment_data":{"card_number","pin"}}`).
    struct ItemBody: Encodable {
        struct PaymentData: Encodable {
            let cardNumber: String
            let pin: String

            enum CodingKeys: String, CodingKey {
                case pin
                case cardNumber = "card_number"
            }
        }

        let method: String
        let partner: String
        let paymentData: PaymentData

        enum CodingKeys: String, CodingKey {
            case method, partner
            case paymentData = "payment_data"
        }
    }

    /// The `init` body (`{"disabled_methods","locale"?}`).
    struct InitBody: Encodable {
        let disabledMethods: [String]
        let locale: String?

        enum CodingKeys: String, CodingKey {
            case locale
            case disabledMethods = "disabled_methods"
        }
    }

    /// The wire's encoder: keys as the types spell them, sorted (so a body's bytes are fixed), `/` unescaped.
    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// The wire's decoder: keys as the types spell them.
    static let decoder = JSONDecoder()
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
