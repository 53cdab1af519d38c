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
        var saveToken = false
        var secondaries: [Secondary] = []
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

    /// Reads the body; throws the contract's 400/422 for anything it cannot execute. The items are at
    /// most one primary item and any secondary ones; together they take the session's amount.
    private func plan(for body: [String: AnyCodableValue], session: PurseSession) throws -> Plan {
        guard let items = body["items"]?.arrayValue?.compactMap(\.objectValue), !items.isEmpty,
            items.count == body["items"]?.arrayValue?.count
        else { throw PurseAPIError.invalidParams("/items", "items must hold the payment's items") }
        var secondaries: [Secondary] = []
        var primary: (index: Int, item: [String: AnyCodableValue], method: PurseMethod)?
        for (index, item) in items.enumerated() {
            guard let methodID = item["method"]?.stringValue, let method = PurseMethod.named(methodID) else {
                throw PurseAPIError(
                    status: 400, code: "PAYMENT_METHOD_NOT_FOUND_IN_SESSION",
                    detail: "The session offers no such method", errors: [("/items/\(index)/method", "unknown method")])
            }
            if method.isSecondary {
                secondaries.append(try secondary(item, method: method, index: index, session: session))
            } else {
                guard primary == nil else {
                    throw PurseAPIError.invalidParams("/items/\(index)", "items hold at most one primary item")
                }
                primary = (index, item, method)
            }
        }
        let taken = secondaries.reduce(0) { $0 + $1.amount }
        let splitTotal = body["split_total"]?.intValue ?? session.amount
        guard let primary else {
            guard taken == session.amount, splitTotal == session.amount, let first = secondaries.first else {
                throw Self.invalidTake("/items", "the secondary items must take the session's amount")
            }
            return Plan(
                method: first.method, amount: 0, outcome: ("SUCCESS", "SUCCEEDED"), redirectionURL: nil,
                secondaries: secondaries)
        }
        var plan = try primaryPlan(
            primary.item, method: primary.method, index: primary.index, rest: session.amount - taken, body: body,
            session: session)
        guard splitTotal == session.amount, plan.amount + taken == session.amount else {
            throw Self.invalidTake("/split_total", "the items must take the session's amount")
        }
        let saveToken = primary.item["payment_preferences"]?["save_token"]?.boolValue ?? false
        if saveToken && !primary.method.canBeRegistered {
            throw PurseAPIError.invalidParams(
                "/items/\(primary.index)/payment_preferences/save_token", "this method cannot save a token")
        }
        plan.saveToken = saveToken
        plan.secondaries = secondaries
        return plan
    }

    /// A gift-card item: an `items/init` item of this session, taking no more than its balance.
    private func secondary(
        _ item: [String: AnyCodableValue], method: PurseMethod, index: Int, session: PurseSession
    ) throws -> Secondary {
        guard let itemID = item["payment_data"]?["item_id"]?.stringValue,
            let row = try context.store.query(
                "SELECT balance FROM purse_gift_items WHERE id = ? AND session_id = ?",
                [.text(itemID), .text(session.id)]
            ).first, let balance = row.int("balance")
        else {
            throw PurseAPIError.invalidParams("/items/\(index)/payment_data/item_id", "no such item in the session")
        }
        guard let amount = item["amount"]?.intValue, amount > 0, amount <= balance else {
            throw Self.invalidTake("/items/\(index)/amount", "a gift card takes at most its balance (\(balance))")
        }
        return Secondary(itemID: itemID, method: method, amount: amount)
    }

    private static func invalidTake(_ pointer: String, _ detail: String) -> PurseAPIError {
        PurseAPIError(status: 422, code: "INVALID_TAKE_AMOUNT", detail: detail, errors: [(pointer, detail)])
    }

    /// The primary item: its method's rules on the rest to pay, and its outcome.
    private func primaryPlan(
        _ item: [String: AnyCodableValue], method: PurseMethod, index: Int, rest: Int,
        body: [String: AnyCodableValue], session: PurseSession
    ) throws -> Plan {
        if let state = try PurseMethod.adminStates(store: context.store)[method.id] {
            throw PurseAPIError(
                status: 422, code: "USAGE_LIMIT_ERROR",
                detail: "The method is disabled: \(state["code"]?.stringValue ?? "")",
                errors: [("/items/\(index)/method", "disabled")])
        }
        let amount = item["amount"]?.intValue ?? rest
        guard amount == rest, method.disabledState(amount: amount) == .null else {
            throw Self.invalidTake(
                "/items/\(index)/amount", "must take the rest of the session's amount within the method's limits")
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
            else { throw PurseAPIError.invalidCard("/items/\(index)/payment_data/card_token", "unknown card token") }
            let outcome = behaviour.outcome
            return Plan(
                method: method, amount: amount, outcome: (outcome.globalStatus, outcome.code), redirectionURL: nil)
        case "applepay-wallet":
            // The wallet's token, with the contract's shape: encrypted data, network and type, transaction id.
            guard let token = paymentData["apple_pay_token"]?.objectValue,
                let data = token["payment_data"]?.stringValue, !data.isEmpty,
                token["payment_method"]?["network"]?.stringValue != nil,
                token["payment_method"]?["type"]?.stringValue != nil,
                token["transaction_identifier"]?.stringValue?.isEmpty == false
            else {
                throw PurseAPIError.invalidParams(
                    "/items/\(index)/payment_data/apple_pay_token",
                    "apple_pay_token needs payment_data, payment_method.network and .type, transaction_identifier")
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
                    code, transaction_id, settles_at, created_at, save_token)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    .text(paymentID), .text(sessionID), .text(key), .text(plan.method.id), .text(plan.method.partner),
                    .integer(Int64(plan.amount)), .text(plan.outcome.globalStatus), .text(plan.outcome.code),
                    .text(PurseID.make("txn_")), settlesAt.map(SQLiteValue.integer) ?? .null, .integer(context.now),
                    .integer(plan.saveToken ? 1 : 0),
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
            let body = Data(answer.jsonText.utf8)
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
