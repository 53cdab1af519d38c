import ErrorCore
import Foundation
import SDKTransport

/// The merchant's server side of Purse, for tools and tests: mints client sessions with
/// `POST /payment/v2/client-sessions` (`x-api-key`) and returns their `widgetData`.
package struct PurseMerchantClient: Sendable {
    /// A minted session.
    package struct Session: Sendable {
        /// The session id (`cs_…`).
        package let id: String
        /// The `widget.data` the app builds its checkout from.
        package let widgetData: String
        /// When it expires, as the API wrote it.
        package let expiresAt: String
    }

    /// Why minting failed.
    package struct Failure: Error, CustomStringConvertible {
        /// The HTTP status, or `nil` when no answer came.
        package let status: Int?
        /// The body or the transport's description.
        package let description: String
    }

    /// The Purse mount's root (`http://127.0.0.1:<port>/purse`).
    package let apiRoot: URL
    /// The merchant API key.
    package let apiKey: String
    /// What carries the requests.
    package let transport: any Transport

    /// A client for the Purse API at `apiRoot`.
    package init(apiRoot: URL, apiKey: String, transport: any Transport = DefaultTransport.make()) {
        self.apiRoot = apiRoot
        self.apiKey = apiKey
        self.transport = transport
    }

    /// Mints a session for `amount` minor units of `currency`.
    package func createSession(
        amount: Int = 4_999, currency: String = "EUR", reference: String = "order-1",
        redirectionURL: String = "https://shop.example/return"
    ) async throws -> Session {
        let body: AnyCodableValue = [
            "entity_id": "ent_sdk", "amount": .int(amount), "currency": .string(currency), "capture_mode": "AUTOMATIC",
            "shopper_redirection_url": .string(redirectionURL), "order": ["reference": .string(reference)],
        ]
        var headers = HTTPHeaders()
        headers.set("x-api-key", apiKey)
        headers.set("Content-Type", "application/json")
        let request = HTTPRequest(
            method: "POST", url: apiRoot.appendingPathComponent("payment/v2/client-sessions"), headers: headers,
            body: body.jsonData, timeout: .seconds(30))
        let response: HTTPResponse
        do {
            response = try await transport.send(request)
        } catch let error as TransportError {
            throw Failure(status: nil, description: error.description)
        }
        let text = String(decoding: response.body, as: UTF8.self)
        guard response.status == 201,
            let created = try? JSONDecoder().decode(AnyCodableValue.self, from: response.body),
            let id = created["id"]?.stringValue, let widgetData = created["widget"]?["data"]?.stringValue
        else { throw Failure(status: response.status, description: text) }
        return Session(id: id, widgetData: widgetData, expiresAt: created["expires_at"]?.stringValue ?? "")
    }
}
