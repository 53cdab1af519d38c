import ErrorCore
import Foundation

/// The Checkout API's answers as they arrive (snake_case keys, decoded with `SDKCoders`), before
/// they become the public types.
enum CheckoutWire {
    /// C1.
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
            let details: AnyCodableValue?
        }

        let session: Session
        let methods: [Method]
    }

    /// C0.
    struct VaultAnswer: Decodable, Sendable {
        let token: String
        let brand: String?
        let last4: String?
    }

    /// C2.
    struct ItemAnswer: Decodable, Sendable {
        let id: String
        let balance: Int
        let currency: String?
        let status: String?
    }

    /// One item of C3's and C4's `results`.
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

    /// C3's 200: always, a decline included.
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

    /// C4.
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
