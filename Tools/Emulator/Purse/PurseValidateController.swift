import EmulatorCore
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
    struct Plan {
        let method: PurseMethod
        let amount: Int
        let outcome: (globalStatus: String, code: String)
        let redirectionURL: String?
        var saveToken = false
        var secondaries: [Secondary] = []
        /// The return URL registered for a partner's page (`client_context.return_url`).
        var returnURL: String?
    }

    /// A gift-card item of the split.
    struct Secondary {
        let itemID: String
        let method: PurseMethod
        let amount: Int
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
                    code, transaction_id, settles_at, created_at, save_token, return_url)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    .text(paymentID), .text(sessionID), .text(key), .text(plan.method.id), .text(plan.method.partner),
                    .integer(Int64(plan.amount)), .text(plan.outcome.globalStatus), .text(plan.outcome.code),
                    .text(PurseID.make("txn_")), settlesAt.map(SQLiteValue.integer) ?? .null, .integer(context.now),
                    .integer(plan.saveToken ? 1 : 0), plan.returnURL.map(SQLiteValue.text) ?? .null,
                ])
            try take(plan.secondaries, paymentID: paymentID, declined: plan.outcome.globalStatus == "FAILED")
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
                "global_status": .string(plan.outcome.globalStatus),
                "results": .array(try payment.resultsJSON(store: store)),
                "redirection": ["url": plan.redirectionURL.map(AnyCodableValue.string) ?? .null],
                "session": ["status": .string(sessionStatus), "payment_id": .string(paymentID)],
            ]
            let body = answer.jsonData
            try store.execute(
                "UPDATE purse_idempotency SET state = 'completed', status = 200, response = ? WHERE key = ?",
                [.blob(body), .text(key)])
            return body
        }
        return .json(200, String(decoding: body, as: UTF8.self))
    }

    /// Records the split's secondary items and takes their amounts from the balances (a declined
    /// payment takes nothing).
    private func take(_ secondaries: [Secondary], paymentID: String, declined: Bool) throws {
        for secondary in secondaries {
            try context.store.execute(
                "INSERT INTO purse_payment_items (payment_id, item_id, method, partner, amount) VALUES (?, ?, ?, ?, ?)",
                [
                    .text(paymentID), .text(secondary.itemID), .text(secondary.method.id),
                    .text(secondary.method.partner), .integer(Int64(secondary.amount)),
                ])
            guard !declined else { continue }
            try context.store.execute(
                "UPDATE purse_gift_items SET balance = balance - ? WHERE id = ?",
                [.integer(Int64(secondary.amount)), .text(secondary.itemID)])
        }
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
