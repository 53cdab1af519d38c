import ErrorCore
import Foundation
import HTTPServer
import SDKCrypto

/// C3 `validate`: the submit that creates the payment, exactly once per session.
///
/// 1. **Claim** (one transaction): the `Idempotency-Key` is looked up first. A completed key with the same
///    body replays its stored answer (`Idempotent-Replayed: true`), one still executing is 409
///    `IDEMPOTENCY_KEY_IN_USE`, another body 422 `IDEMPOTENCY_KEY_MISMATCH`. A new key on a session another key
///    claimed is 409 `SESSION_ALREADY_SUBMITTED_ERROR` with the stored outcome; an expired session 410; an
///    invalid body 400/422 (nothing stored, the session stays open). Otherwise the key is recorded as executing
///    and the session is claimed.
/// 2. A `delay` fault waits here, with the key in flight (and before a replay or a refusal, which are as slow).
/// 3. **Execute** (one transaction): the payment row, the session's status and the stored answer.
struct PurseValidateController {
    let context: PurseContext

    /// What a valid body asks for.
    private struct Plan {
        let method: PurseMethod
        let amount: Int
        let outcome: (globalStatus: String, code: String)
        let redirectionURL: String?
    }

    private enum Claim {
        case replay(status: Int, body: Data)
        case claimed(Plan)
    }

    func validate(_ id: String) async throws -> HTTPServerResponse {
        _ = try context.authorizedSession(id)
        guard let key = context.http.headers["Idempotency-Key"], !key.isEmpty, key.count <= 255 else {
            throw PurseAPIError(
                status: 400, code: "INVALID_INIT_PARAMS", detail: "validate needs an Idempotency-Key header",
                errors: [("/headers/idempotency-key", "missing")])
        }
        let fingerprint = ASCIIHex.lowercase(SHA256.hash(Data((id + "\n").utf8) + context.http.body))
        let claimed: Claim
        do {
            claimed = try claim(id, key: key, fingerprint: fingerprint)
        } catch {
            await hold()
            throw error
        }
        switch claimed {
        case .replay(let status, let body):
            await hold()
            var headers = HTTPHeaders()
            headers.set("Content-Type", "application/json")
            headers.set("Idempotent-Replayed", "true")
            return HTTPServerResponse(status: status, headers: headers, body: body)
        case .claimed(let plan):
            await hold()
            do {
                return try execute(plan, sessionID: id, key: key)
            } catch {
                try? release(sessionID: id, key: key)
                throw error
            }
        }
    }

    /// Waits out a `delay` fault: after the claim, so an executing key stays in flight meanwhile; a replay or
    /// a refusal is as slow as an execution would have been.
    private func hold() async {
        if let delay = context.request.delay { try? await Task.sleep(for: delay) }
    }

    // MARK: - Claim

    private func claim(_ id: String, key: String, fingerprint: String) throws -> Claim {
        let store = context.store
        return try store.transaction {
            if let row = try store.query("SELECT * FROM purse_idempotency WHERE key = ?", [.text(key)]).first {
                guard row.string("fingerprint") == fingerprint else { throw PurseAPIError.keyMismatch }
                guard row.string("state") == "completed", let status = row.int("status"),
                    let body = row.data("response")
                else { throw PurseAPIError.keyInUse }
                return .replay(status: status, body: body)
            }
            guard let session = try context.session(id) else { throw PurseAPIError.notFound }
            if let submitKey = session.submitKey {
                throw PurseAPIError.alreadySubmitted(outcome: try storedOutcome(key: submitKey))
            }
            if session.isExpired(now: context.now) { throw PurseAPIError.sessionExpired }
            let plan = try plan(for: try context.body(), session: session)
            try store.execute(
                """
                INSERT INTO purse_idempotency (key, session_id, fingerprint, state, created_at)
                VALUES (?, ?, ?, 'executing', ?)
                """, [.text(key), .text(id), .text(fingerprint), .integer(context.now)])
            try store.execute(
                "UPDATE purse_sessions SET submit_key = ?, status = 'SUBMITTED' WHERE id = ?", [.text(key), .text(id)])
            return .claimed(plan)
        }
    }

    /// The stored answer of the `validate` that used `key`, or nil while it executes.
    private func storedOutcome(key: String) throws -> AnyCodableValue? {
        guard
            let body = try context.store.query(
                "SELECT response FROM purse_idempotency WHERE key = ? AND state = 'completed'", [.text(key)]
            ).first?.data("response")
        else { return nil }
        return SampleJSON.parse(body)
    }

    /// Reads the body; throws the contract's 400/422 for anything it cannot execute.
    private func plan(for body: [String: AnyCodableValue], session: PurseSession) throws -> Plan {
        guard let items = body["items"]?.arrayValue, items.count == 1, let item = items[0].objectValue else {
            throw PurseAPIError.invalidParams("/items", "items must hold one primary item")
        }
        guard let methodID = item["method"]?.stringValue, let method = PurseMethod.named(methodID),
            !method.isSecondary
        else {
            throw PurseAPIError(
                status: 400, code: "PAYMENT_METHOD_NOT_FOUND_IN_SESSION",
                detail: "The session offers no such primary method", errors: [("/items/0/method", "unknown method")])
        }
        if let state = try PurseMethod.adminStates(store: context.store)[method.id] {
            throw PurseAPIError(
                status: 422, code: "USAGE_LIMIT_ERROR",
                detail: "The method is disabled: \(state["code"]?.stringValue ?? "")",
                errors: [("/items/0/method", "disabled")])
        }
        let amount = item["amount"]?.intValue ?? session.amount
        guard amount == session.amount, method.disabledState(amount: amount) == .null else {
            throw PurseAPIError(
                status: 422, code: "INVALID_TAKE_AMOUNT", detail: "The items must take the session's amount",
                errors: [("/items/0/amount", "must equal the session's amount within the method's limits")])
        }
        let paymentData = item["payment_data"]?.objectValue ?? [:]
        switch method.id {
        case "creditcard":
            guard let token = paymentData["card_token"]?.stringValue,
                let row = try context.store.query(
                    "SELECT behaviour FROM purse_card_tokens WHERE token = ? AND session_id = ?",
                    [.text(token), .text(session.id)]
                ).first,
                let behaviour = row.string("behaviour").flatMap(PurseTestCard.init(rawValue:))
            else { throw PurseAPIError.invalidCard("/items/0/payment_data/card_token", "unknown card token") }
            let outcome = behaviour.outcome
            return Plan(
                method: method, amount: amount, outcome: (outcome.globalStatus, outcome.code), redirectionURL: nil)
        case "applepay-wallet":
            guard paymentData["apple_pay_token"]?.objectValue != nil else {
                throw PurseAPIError.invalidParams(
                    "/items/0/payment_data/apple_pay_token", "apple_pay_token is required")
            }
            return Plan(method: method, amount: amount, outcome: ("SUCCESS", "SUCCEEDED"), redirectionURL: nil)
        default:
            let returnURL = body["client_context"]?["return_url"]?.stringValue
            if method.id == "klarna-paylater" && returnURL == nil {
                throw PurseAPIError.invalidParams("/client_context/return_url", "klarna needs a return_url")
            }
            var partnerPage = URLComponents(string: "\(context.apiRoot)/partners/\(method.partner)/checkout")
            partnerPage?.queryItems =
                [URLQueryItem(name: "session_id", value: session.id)]
                + (returnURL.map { [URLQueryItem(name: "return_url", value: $0)] } ?? [])
            return Plan(
                method: method, amount: amount, outcome: ("WAITING", "REDIRECTION_REQUIRED"),
                redirectionURL: partnerPage?.string)
        }
    }

    // MARK: - Execute

    private func execute(_ plan: Plan, sessionID: String, key: String) throws -> HTTPServerResponse {
        let store = context.store
        let body: Data = try store.transaction {
            let paymentID = PurseID.make("pay_")
            let settle = context.service.settleDelay.components
            let settlesAt =
                plan.outcome.globalStatus == "UNCERTAIN"
                ? context.now + settle.seconds * 1000 + settle.attoseconds / 1_000_000_000_000_000 : nil
            try store.execute(
                """
                INSERT INTO purse_payments (id, session_id, idempotency_key, method, partner, amount, global_status,
                    code, transaction_id, settles_at, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    .text(paymentID), .text(sessionID), .text(key), .text(plan.method.id), .text(plan.method.partner),
                    .integer(Int64(plan.amount)), .text(plan.outcome.globalStatus), .text(plan.outcome.code),
                    .text(PurseID.make("txn_")), settlesAt.map(SQLiteValue.integer) ?? .null, .integer(context.now),
                ])
            let sessionStatus =
                switch plan.outcome.globalStatus {
                case "SUCCESS": "AUTHORIZED"
                case "FAILED": "REFUSED"
                default: "SUBMITTED"
                }
            try store.execute(
                "UPDATE purse_sessions SET status = ?, payment_id = ? WHERE id = ?",
                [.text(sessionStatus), .text(paymentID), .text(sessionID)])
            guard let payment = try PursePayment.all(sessionID: sessionID, store: store).last else {
                throw PurseAPIError.internalError
            }
            let answer: AnyCodableValue = [
                "global_status": .string(plan.outcome.globalStatus), "results": [payment.resultJSON],
                "redirection": ["url": plan.redirectionURL.map(AnyCodableValue.string) ?? .null],
                "session": ["status": .string(sessionStatus), "payment_id": .string(paymentID)],
            ]
            let body = Data(answer.jsonText.utf8)
            try store.execute(
                "UPDATE purse_idempotency SET state = 'completed', status = 200, response = ? WHERE key = ?",
                [.blob(body), .text(key)])
            return body
        }
        return .json(200, String(decoding: body, as: UTF8.self))
    }

    /// Frees the key and the session after a failure before the payment was recorded.
    private func release(sessionID: String, key: String) throws {
        try context.store.transaction {
            try context.store.execute(
                "DELETE FROM purse_idempotency WHERE key = ? AND state = 'executing'", [.text(key)])
            try context.store.execute(
                "UPDATE purse_sessions SET submit_key = NULL, status = 'OPEN' WHERE id = ? AND submit_key = ? "
                    + "AND payment_id IS NULL", [.text(sessionID), .text(key)])
        }
    }
}
