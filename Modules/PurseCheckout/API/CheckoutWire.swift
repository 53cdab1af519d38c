import ErrorCore
import Foundation

/// The Checkout API's answers as they arrive (snake_case members), before they become the public
/// types. Each is read from its JSON with a ``WireReader``.
enum CheckoutWire {
    /// C1.
    struct InitAnswer: CheckoutAnswer {
        struct Session: Sendable {
            let id: String
            let status: String
            let amount: Int?
            let currency: String?
            let remainingAmount: Int?
        }

        struct Method: Sendable {
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

        struct Disabled: Sendable {
            let code: String
            let message: String?
            let details: AnyCodableValue?
        }

        let session: Session
        let methods: [Method]

        init(wire: WireReader) throws {
            let session = try wire.object("session")
            self.session = Session(
                id: try session.string("id"), status: try session.string("status"),
                amount: try session.int(ifPresent: "amount"), currency: try session.string(ifPresent: "currency"),
                remainingAmount: try session.int(ifPresent: "remaining_amount"))
            methods = try wire.objects("methods").map { method in
                Method(
                    id: try method.string("id"), partner: try method.string("partner"),
                    method: try method.string("method"), isSecondary: try method.bool(ifPresent: "is_secondary"),
                    position: try method.int(ifPresent: "position"), minAmount: try method.int(ifPresent: "min_amount"),
                    maxAmount: try method.int(ifPresent: "max_amount"),
                    integrationType: try method.string(ifPresent: "integration_type"),
                    requiresPlugin: try method.string(ifPresent: "requires_plugin"),
                    canBeRegistered: try method.bool(ifPresent: "can_be_registered"),
                    disabled: try method.object(ifPresent: "disabled").map { disabled in
                        Disabled(
                            code: try disabled.string("code"), message: try disabled.string(ifPresent: "message"),
                            details: disabled.value(ifPresent: "details"))
                    })
            }
        }
    }

    /// C0.
    struct VaultAnswer: CheckoutAnswer {
        let token: String
        let brand: String?
        let last4: String?

        init(wire: WireReader) throws {
            token = try wire.string("token")
            brand = try wire.string(ifPresent: "brand")
            last4 = try wire.string(ifPresent: "last4")
        }
    }

    /// C2.
    struct ItemAnswer: CheckoutAnswer {
        let id: String
        let balance: Int
        let currency: String?
        let status: String?

        init(wire: WireReader) throws {
            id = try wire.string("id")
            balance = try wire.int("balance")
            currency = try wire.string(ifPresent: "currency")
            status = try wire.string(ifPresent: "status")
        }
    }

    /// One item of C3's and C4's `results`.
    struct Result: Sendable {
        struct Status: Sendable {
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

        init(wire: WireReader) throws {
            id = try wire.string(ifPresent: "id")
            transactionId = try wire.string(ifPresent: "transaction_id")
            partner = try wire.string(ifPresent: "partner")
            method = try wire.string(ifPresent: "method")
            status = try wire.object(ifPresent: "status").map { status in
                Status(
                    action: try status.string(ifPresent: "action"), state: try status.string(ifPresent: "state"),
                    code: try status.string(ifPresent: "code"), description: try status.string(ifPresent: "description")
                )
            }
        }

        static func results(in wire: WireReader) throws -> [Result]? {
            try wire.objects(ifPresent: "results")?.map(Result.init(wire:))
        }
    }

    /// C3's 200: always, a decline included.
    struct ValidateAnswer: CheckoutAnswer {
        struct Redirection: Sendable {
            let url: String?
        }

        struct Session: Sendable {
            let status: String?
            let paymentId: String?
        }

        let globalStatus: String
        let results: [Result]?
        let redirection: Redirection?
        let session: Session?

        init(wire: WireReader) throws {
            globalStatus = try wire.string("global_status")
            results = try Result.results(in: wire)
            redirection = try wire.object(ifPresent: "redirection").map {
                Redirection(url: try $0.string(ifPresent: "url"))
            }
            session = try wire.object(ifPresent: "session").map { session in
                Session(
                    status: try session.string(ifPresent: "status"),
                    paymentId: try session.string(ifPresent: "payment_id"))
            }
        }
    }

    /// C4.
    struct StatusAnswer: CheckoutAnswer {
        struct LastValidate: Sendable {
            let idempotencyKey: String
            let completed: Bool
        }

        let clientSessionStatus: String
        let globalStatus: String?
        let paymentId: String?
        let results: [Result]?
        let lastValidate: LastValidate?

        init(wire: WireReader) throws {
            clientSessionStatus = try wire.string("client_session_status")
            globalStatus = try wire.string(ifPresent: "global_status")
            paymentId = try wire.string(ifPresent: "payment_id")
            results = try Result.results(in: wire)
            lastValidate = try wire.object(ifPresent: "last_validate").map { last in
                LastValidate(idempotencyKey: try last.string("idempotency_key"), completed: try last.bool("completed"))
            }
        }
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
