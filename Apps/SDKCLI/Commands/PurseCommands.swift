import Emulator
import ErrorCore
import Foundation
import PurseCheckout

extension Command {
    /// `sdk purse`: a card checkout through the PurseCheckout SDK against the Purse API (the emulator's).
    package static let purse = Command.group(
        name: "purse",
        summary: "Take card payments through the PurseCheckout SDK.",
        discussion: """
            The commands chain through a saved session: 'sdk purse session create' mints one with the merchant \
            key and saves its id and widgetData to $SDK_PURSE_DATA_DIR, else .sdk/purse (owner-only files; never \
            card data); 'methods', 'pay' and 'status' then use it, or the session whose widgetData --session \
            names. --base-url names the emulator (its /purse is used) or a Purse API root; by default \
            http://127.0.0.1:54321/purse. Card numbers and CVVs are never printed or logged. 'chaos' runs on an \
            emulator of its own.
            """,
        subcommands: [purseSession, purseMethods, pursePay, purseStatus, purseChaos]
    )

    /// `sdk purse session create --amount N [--currency EUR]`.
    static let purseSession = Command.group(
        name: "session", summary: "Mint client sessions with the merchant key.", subcommands: [purseSessionCreate])

    /// `sdk purse session create`.
    static let purseSessionCreate = Command(
        name: "create",
        summary: "Create a client session and save it for the other purse commands.",
        discussion: """
            Calls POST /payment/v2/client-sessions with the merchant key, as the shop's server would, and \
            prints the session id and its widgetData. The session is saved (owner-only) for 'methods', 'pay' \
            and 'status'. With --json: {"id", "widgetData", "amount", "currency", "expiresAt", "apiRoot"}.
            """,
        parameters: PurseSessionCreateParameters(),
        run: { values, context in
            let apiRoot = PurseCLIConfiguration.apiRoot(context.baseURL)
            let session = try await PurseCLIConfiguration.createSession(
                apiRoot: apiRoot, apiKey: values.apiKey ?? PurseEmulator.defaultMerchantAPIKey, amount: values.amount,
                currency: values.currency, reference: values.reference)
            try PurseCLIConfiguration.save(session, environment: context.environment)
            let file = PurseCLIConfiguration.dataDirectory(environment: context.environment)
                .appendingPathComponent(PurseCLIConfiguration.sessionFileName)
            try context.emit(
                session,
                text: [
                    "session \(session.id) for \(PurseCLIConfiguration.money(session.amount, session.currency)), "
                        + "expires \(session.expiresAt)",
                    "widgetData \(session.widgetData)",
                    "saved to \(file.path): 'sdk purse methods' and 'sdk purse pay' use it",
                ])
        }
    )

    /// `sdk purse methods [--session <widgetData>]`.
    static let purseMethods = Command(
        name: "methods",
        summary: "Load the session's payment methods and their states.",
        discussion: """
            Loads the checkout (/init) and lists each method: available, or disabled with its code and whose \
            rule it is (server or client). With --json: {"sessionId", "amount", "currency", "sessionState", \
            "methods":[{"id", "partner", "method", "integrationType", "primary", "disabled"}]}.
            """,
        parameters: PurseSessionParameters(),
        run: { values, context in
            let checkout = try PurseCLIConfiguration.checkout(
                widgetData: PurseCLIConfiguration.widgetData(session: values.session, environment: context.environment),
                context: context)
            let methods = try await checkout.load()
            let listing = PurseMethodsResult(checkout: checkout, methods: methods)
            try context.emit(
                listing,
                text: [
                    "session \(checkout.sessionID): "
                        + "\(PurseCLIConfiguration.money(checkout.amount, checkout.currency)), "
                        + "\(checkout.sessionState.rawValue)"
                ] + methods.map { "  " + PurseCLIConfiguration.line(for: $0) })
        }
    )

    /// `sdk purse pay [--method <id>] [--card <number>] [--gift-card <number>] [--auto] [--session <widgetData>]`.
    static let pursePay = Command(
        name: "pay",
        summary: "Pay the session by card, with a partner method, or with a gift card and a method for the rest.",
        discussion: """
            Loads the checkout, fills the card element and submits (vault, then validate, replayed with the same \
            idempotency key when the answer is lost). Prints the outcome with the card's brand and last four \
            digits only. Exit 0 when paid; 1 on a decline (the result still prints: status FAILED and the \
            issuer's code) or a failure. When the outcome is unknown, 'sdk purse status' asks the API what \
            happened. Test cards: 4242424242424242 pays, 4000000000000002 is declined; --card takes only test cards, \
            any other card comes from --card-stdin (number, then CVV) or $SDK_PURSE_CARD and $SDK_PURSE_CVV. \
            --method paypal-wallet (or klarna-paylater) follows the partner's redirect: with --auto the CLI \
            approves on the emulator's partner page, else it prints the page on stderr and reads the URL it sends \
            you back to (sdk-cli://purse/return?…) from standard input; the return is reported, then the status read. \
            --method applepay-wallet pays with a test wallet token. --gift-card (test cards: 16 digits starting \
            with 6, balance = the last six digits) takes --gift-amount, by default as much as it can, through \
            items/init; --method pays the rest. With --json: {"sessionId", "method", "outcome", "status", \
            "code", "paymentId", "brand", "last4", "giftCardTaken", "returnedTo", "sessionState"}.
            """,
        parameters: PursePayParameters(),
        run: { values, context in
            let card =
                PurseCardInput.isGiven(values: values.card, context: context)
                ? try PurseCardInput(values: values.card, context: context) : nil
            let giftCard = try PurseGiftCardInput(values: values.giftCard)
            let auto = values.auto
            let checkout = try PurseCLIConfiguration.checkout(
                widgetData: PurseCLIConfiguration.widgetData(session: values.session, environment: context.environment),
                context: context, plugins: PursePayment.plugins(auto: auto, context: context),
                returnURL: PurseCLIConfiguration.returnURL)
            let result = try await PursePayment(
                checkout: checkout, method: values.method, card: card, giftCard: giftCard,
                returnURL: PurseCLIConfiguration.returnURL, auto: auto
            ).run()
            try context.emit(result, text: result.textLines)
            if !result.isPaid { throw ExitCode.failure }
        }
    )
    /// `sdk purse status [--session <widgetData>]`.
    static let purseStatus = Command(
        name: "status",
        summary: "Show the session's state and its payment.",
        discussion: """
            Loads the checkout, which reads the payment's status when the session was paid or a payment is \
            pending (an unknown outcome from 'pay'), and prints the session state, the payment's status and, \
            when the emulator's admin API answers, how many payments it recorded for the session. With --json: \
            {"sessionId", "sessionState", "amount", "currency", "payment", "payments"}.
            """,
        parameters: PurseSessionParameters(),
        run: { values, context in
            let checkout = try PurseCLIConfiguration.checkout(
                widgetData: PurseCLIConfiguration.widgetData(session: values.session, environment: context.environment),
                context: context)
            try await checkout.load()
            // The emulator that minted the saved session, unless --base-url names another.
            let apiRoot =
                context.baseURL.map(PurseCLIConfiguration.apiRoot)
                ?? PurseCLIConfiguration.saved(environment: context.environment).flatMap { URL(string: $0.apiRoot) }
                ?? PurseCLIConfiguration.defaultAPIRoot
            let count = await PurseCLIConfiguration.paymentCount(
                sessionID: checkout.sessionID, apiRoot: apiRoot, environment: context.environment)
            let status = PurseStatusResult(checkout: checkout, payments: count)
            try context.emit(status, text: status.textLines)
        }
    )
}

/// `sdk purse session create`'s options.
private struct PurseSessionCreateParameters: CommandParameters {
    let amount = Option<Int>.required(
        "amount", type: .integer(in: 1...99_999_999), valueName: "minor-units",
        help: "The amount in minor units: 4999 is 49.99.")
    let currency = Option.value(
        "currency", type: Self.currency, valueName: "code", default: "EUR", help: "The ISO 4217 currency.")
    let reference = Option.value(
        "reference", type: .nonEmpty, valueName: "text", default: "sdk-cli", help: "The order reference.")
    let apiKey = Option<String?>.value(
        "api-key", type: .nonEmpty, valueName: "key", help: "The merchant API key; default: the emulator's.")

    /// Three letters, upper case: `EUR`.
    private static let currency = ValueType(expectation: "a three-letter ISO 4217 code such as EUR") { raw in
        raw.count == 3 && raw.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) }
    }
}

/// `--session` alone, as `sdk purse methods` and `sdk purse status` take it.
private struct PurseSessionParameters: CommandParameters {
    let session = PurseCLIConfiguration.sessionOption
}

/// `sdk purse pay`'s options.
private struct PursePayParameters: CommandParameters {
    let method = Option.value(
        "method", type: .nonEmpty, valueName: "id", default: PurseCLIConfiguration.cardMethod,
        help: "The method that pays (the rest): creditcard, paypal-wallet, klarna-paylater, applepay-wallet.")
    let card = PurseCardOptions()
    let giftCard = PurseGiftCardOptions()
    let auto = Option.flag("auto", help: "Approve a partner's redirect on the emulator's partner page.")
    let session = PurseCLIConfiguration.sessionOption
}

/// What `sdk purse methods --json` prints.
private struct PurseMethodsResult: Encodable {
    struct Method: Encodable {
        struct Disabled: Encodable {
            let code: String
            let message: String
            let origin: String
        }

        let id: String
        let partner: String
        let method: String
        let integrationType: String
        let primary: Bool
        let disabled: Disabled?
    }

    let sessionId: String
    let amount: Int
    let currency: String
    let sessionState: String
    let methods: [Method]

    init(checkout: PurseHeadlessCheckout, methods: [PaymentMethod]) {
        sessionId = checkout.sessionID
        amount = checkout.amount
        currency = checkout.currency
        sessionState = checkout.sessionState.rawValue
        self.methods = methods.map { method in
            Method(
                id: method.id, partner: method.partner, method: method.method,
                integrationType: method.integrationType.rawValue, primary: method.isPrimary,
                disabled: method.disabled.map {
                    Method.Disabled(code: $0.code.rawValue, message: $0.message, origin: $0.origin.rawValue)
                })
        }
    }
}

/// What `sdk purse status` prints.
private struct PurseStatusResult: Encodable {
    struct Payment: Encodable {
        let status: String
        let code: String?
        let paymentId: String?
    }

    let sessionId: String
    let sessionState: String
    let amount: Int
    let currency: String
    let payment: Payment?
    let payments: Int?

    init(checkout: PurseHeadlessCheckout, payments: Int?) {
        sessionId = checkout.sessionID
        sessionState = checkout.sessionState.rawValue
        amount = checkout.amount
        currency = checkout.currency
        payment = checkout.paymentResult.map {
            Payment(status: $0.status.rawValue, code: $0.code, paymentId: $0.paymentID)
        }
        self.payments = payments
    }

    var textLines: [String] {
        var lines = [
            "session \(sessionId): \(PurseCLIConfiguration.money(amount, currency)), \(sessionState)"
        ]
        if let payment {
            lines.append(
                "payment \(payment.paymentId ?? "-"): \(payment.status)" + (payment.code.map { " (\($0))" } ?? ""))
        } else if sessionState == SessionState.ready.rawValue {
            lines.append("no payment: the session can be paid")
        }
        if let payments { lines.append("the emulator recorded \(payments) payment\(payments == 1 ? "" : "s")") }
        return lines
    }
}
