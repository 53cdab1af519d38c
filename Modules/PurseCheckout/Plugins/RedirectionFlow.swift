import ErrorCore
import Foundation

/// The flow of a redirect partner (PayPal, Klarna): nothing before `validate` (empty
/// `payment_data`), then the partner's page through a ``RedirectionPresenter``, back to
/// ``returnURL``. Partner modules build one per element.
public struct RedirectionFlow: PartnerFlow {
    /// Where the partner sends the shopper back (sent as `client_context.return_url`).
    public let returnURL: URL?
    private let presenter: any RedirectionPresenter

    /// A flow returning to `returnURL`, showing the partner's page with `presenter`.
    public init(returnURL: URL, presenter: any RedirectionPresenter) {
        self.returnURL = returnURL
        self.presenter = presenter
    }

    /// `{}`: the partner collects everything on its page.
    public func paymentData(amount: Int, currency: String) async throws -> AnyCodableValue {
        [:]
    }

    /// Shows the partner's page; the URL it redirected to, or `nil` when the app's opener delivers it.
    public func redirect(to url: URL) async throws -> URL? {
        guard let returnURL else { return nil }
        return try await presenter.present(url, returnURL: returnURL)
    }
}
