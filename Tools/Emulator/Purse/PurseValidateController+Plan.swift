import EmulatorCore
import ErrorCore
import Foundation
import HTTPServer

/// Reading a `validate` body into what it asks for: at most one primary item and any gift-card items,
/// together taking the session's amount, each within its rules.
extension PurseValidateController {
    /// Reads the body; throws the contract's 400/422 for anything it cannot execute. The items are at
    /// most one primary item and any secondary ones; together they take the session's amount.
    func plan(for body: [String: AnyCodableValue], session: PurseSession) throws -> Plan {
        guard let items = body["items"]?.arrayValue?.compactMap(\.objectValue), !items.isEmpty,
            items.count == body["items"]?.arrayValue?.count
        else { throw PurseAPIError.invalidParams("/items", "items must hold the payment's items") }
        var secondaries: [Secondary] = []
        var primary: (index: Int, item: [String: AnyCodableValue], method: PurseMethod)?
        for (index, item) in items.enumerated() {
            guard let methodID = item["method"]?.stringValue, let method = context.service.methods.named(methodID)
            else {
                throw PurseAPIError(
                    status: 400, code: "PAYMENT_METHOD_NOT_FOUND_IN_SESSION",
                    detail: "The session offers no such method", errors: [("/items/\(index)/method", "unknown method")])
            }
            if method.isSecondary {
                let next = try secondary(item, method: method, index: index, session: session)
                // The same gift card item twice would take its balance twice (and break the ledger's
                // uniqueness, a 500 the SDK reads as an unknown outcome): refused before anything runs.
                guard !secondaries.contains(where: { $0.itemID == next.itemID }) else {
                    throw PurseAPIError.invalidParams(
                        "/items/\(index)/payment_data/item_id", "the item is already in this payment")
                }
                secondaries.append(next)
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
        // Absent, the amount is the rest; present, it must be a whole number of minor units. (A malformed
        // one, `4999.9999`, `2^64`, `"1"`, `{}`, was read as absent and the rest charged.)
        let amount: Int
        switch item["amount"] {
        case nil, .null?:
            amount = rest
        case let value?:
            guard let whole = value.intValue else {
                throw PurseAPIError.invalidParams("/items/\(index)/amount", "a whole number of minor units")
            }
            amount = whole
        }
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
            if let returnURL, !AppRedirect.isAppOwned(returnURL) {
                throw PurseAPIError.invalidParams(
                    "/client_context/return_url", "an https URL or a scheme an app can own, without a fragment")
            }
            var partnerPage = URLComponents(string: "\(context.apiRoot)/partners/\(method.partner)/checkout")
            partnerPage?.queryItems = [URLQueryItem(name: "session_id", value: session.id)]
            var plan = Plan(
                method: method, amount: amount, outcome: ("WAITING", "REDIRECTION_REQUIRED"),
                redirectionURL: partnerPage?.string)
            plan.returnURL = returnURL
            return plan
        }
    }
}
