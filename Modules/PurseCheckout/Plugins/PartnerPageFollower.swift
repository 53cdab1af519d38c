import ErrorCore
import Foundation
import SDKTransport

/// The Linux redirection presenter: follows the emulator's partner page over HTTP the way a shopper
/// would, choosing ``Decision/approve`` or ``Decision/cancel``, and returns the partner's redirect
/// (its `Location`) without following it: that URL is the app's.
///
/// The page (`GET …/partners/<partner>/checkout?…`) links its two actions as `<a id="approve" href=…>`
/// and `<a id="cancel" href=…>`; the action answers `302` to `return_url?session_id=…&status=…`.
package struct PartnerPageFollower: RedirectionPresenter {
    /// What the simulated shopper does on the partner's page.
    package enum Decision: String, Sendable {
        case approve
        case cancel
    }

    let transport: any Transport
    let decision: Decision

    /// A follower sending through `transport`.
    package init(transport: any Transport, decision: Decision = .approve) {
        self.transport = transport
        self.decision = decision
    }

    /// Reads the page, takes the chosen action and returns where the partner redirects.
    ///
    /// Throws ``PartnerUIFailure/unavailable(_:)`` when the page cannot be reached,
    /// ``PartnerUIFailure/fatal(_:)`` when it does not look like a partner page.
    package func present(_ url: URL, returnURL: URL) async throws -> URL? {
        let page = try await get(url)
        guard page.status == 200, let action = Self.link(decision.rawValue, in: page.body, base: url) else {
            throw PartnerUIFailure.fatal(
                PageError(message: "the partner page (HTTP \(page.status)) has no \(decision)"))
        }
        let answer = try await get(action)
        guard (300..<400).contains(answer.status), let location = answer.headers["Location"],
            let target = URL(string: location)
        else {
            throw PartnerUIFailure.fatal(PageError(message: "the partner's \(decision) answered HTTP \(answer.status)"))
        }
        return target
    }

    private func get(_ url: URL) async throws -> HTTPResponse {
        do {
            return try await transport.send(HTTPRequest(method: "GET", url: url, headers: ["Accept": "text/html"]))
        } catch let error as TransportError {
            throw PartnerUIFailure.unavailable(error)
        }
    }

    /// The `href` of the anchor whose id is `id`, resolved against `base`.
    static func link(_ id: String, in body: Data, base: URL) -> URL? {
        let html = String(decoding: body, as: UTF8.self)
        guard let anchor = html.range(of: #"id="\#(id)" href=""#) else { return nil }
        let rest = html[anchor.upperBound...]
        guard let end = rest.firstIndex(of: "\"") else { return nil }
        let href = String(rest[..<end]).replacingOccurrences(of: "&amp;", with: "&")
        return URL(string: href, relativeTo: base)?.absoluteURL
    }

    /// The partner page was not what the follower expects.
    struct PageError: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }
}
