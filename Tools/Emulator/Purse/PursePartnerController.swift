import EmulatorCore
import ErrorCore
import Foundation
import HTTPServer

/// The partners' pages (PayPal, Klarna) that `validate` redirects to: what a shopper sees in the
/// browser, without authentication (the session id in the query names the payment).
///
/// - `GET partners/<partner>/checkout?session_id`: an HTML page with two links,
///   `<a id="approve">` and `<a id="cancel">`.
/// - `GET partners/<partner>/checkout/approve|cancel?session_id`: settles the session's `WAITING`
///   payment (`SUCCESS`/`SUCCEEDED`, session `AUTHORIZED`; or `FAILED`/`CANCELLED_BY_SHOPPER`, session
///   `REFUSED`) and answers `302` to the return URL `validate` registered (else the session's
///   `redirection_url`) with `?session_id=<id>&status=approved|cancelled`, the contract's query.
///   Deciding again keeps the first decision. A `return_url` in the page's own query is ignored: the
///   page sends the shopper back only where the app registered.
struct PursePartnerController {
    let context: PurseContext

    func page(_ partner: String) throws -> HTTPServerResponse {
        let (session, payment, query) = try waitingPayment(partner)
        func link(_ action: String) -> String {
            var components = URLComponents(string: "\(context.apiRoot)/partners/\(partner)/checkout/\(action)")
            components?.queryItems = query
            return (components?.string ?? "").replacingOccurrences(of: "&", with: "&amp;")
        }
        let html = """
            <!doctype html>
            <html><head><meta charset="utf-8"><title>\(partner) (Purse emulator)</title></head>
            <body>
            <h1>\(partner)</h1>
            <p>Pay \(payment.amount) (minor units) for session \(session.id).</p>
            <p><a id="approve" href="\(link("approve"))">Approve</a></p>
            <p><a id="cancel" href="\(link("cancel"))">Cancel</a></p>
            </body></html>
            """
        var headers = HTTPHeaders()
        headers.set("Content-Type", "text/html; charset=utf-8")
        return HTTPServerResponse(status: 200, headers: headers, body: Data(html.utf8))
    }

    func decide(_ partner: String, approve: Bool) throws -> HTTPServerResponse {
        let (session, payment, _) = try waitingPayment(partner, decided: true)
        let store = context.store
        var approved = approve
        try store.transaction {
            if payment.globalStatus == "WAITING" {
                try store.execute(
                    "UPDATE purse_payments SET global_status = ?, code = ? WHERE id = ?",
                    [
                        .text(approve ? "SUCCESS" : "FAILED"), .text(approve ? "SUCCEEDED" : "CANCELLED_BY_SHOPPER"),
                        .text(payment.id),
                    ])
                try store.execute(
                    "UPDATE purse_sessions SET status = ? WHERE id = ?",
                    [.text(approve ? "AUTHORIZED" : "REFUSED"), .text(session.id)])
            } else {
                approved = payment.globalStatus == "SUCCESS"
            }
        }
        let returnURL = payment.returnURL ?? session.redirectionURL
        guard let returnURL, var target = URLComponents(string: returnURL) else {
            throw PurseAPIError.invalidParams("/return_url", "no registered return_url and no session redirection_url")
        }
        target.queryItems =
            (target.queryItems ?? []) + [
                URLQueryItem(name: "session_id", value: session.id),
                URLQueryItem(name: "status", value: approved ? "approved" : "cancelled"),
            ]
        var headers = HTTPHeaders()
        headers.set("Location", target.string ?? returnURL)
        return HTTPServerResponse(status: 302, headers: headers)
    }

    /// The session the query names and its payment with `partner`: `WAITING`, or any status when
    /// `decided` (a second decision); 404 otherwise.
    private func waitingPayment(
        _ partner: String, decided: Bool = false
    ) throws -> (PurseSession, PursePayment, [URLQueryItem]) {
        let pairs = (try? PalbaseRequestParser.query(context.http.query)) ?? []
        let query = pairs.map { URLQueryItem(name: $0.name, value: $0.value) }
        guard let id = query.first(where: { $0.name == "session_id" })?.value, let session = try context.session(id),
            let payment = try PursePayment.all(sessionID: id, store: context.store).last,
            payment.partner == partner, decided || payment.globalStatus == "WAITING"
        else { throw PurseAPIError.notFound }
        return (session, payment, query.filter { $0.name == "session_id" })
    }
}
