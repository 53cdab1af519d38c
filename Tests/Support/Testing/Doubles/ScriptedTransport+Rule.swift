import ErrorCore
import Foundation
import SDKTransport

extension ScriptedTransport {
    /// One thing a ``ScriptedTransport`` does to the requests it matches (by default, every request).
    public struct Rule: Sendable {
        /// Which requests a rule applies to.
        public typealias Match = @Sendable (HTTPRequest) -> Bool
        /// Code a rule runs with a request.
        public typealias Hook = @Sendable (HTTPRequest) async throws -> Void

        enum Action: Sendable {
            case respond(HTTPResponse)
            case fail(TransportError)
            case hold(TestGate)
            case rewrite(@Sendable (inout HTTPRequest) -> Void)
            case before(Hook)
            case after(Hook)
            case timeOut(Hook)
        }

        let action: Action
        private let matches: Match
        private let budget: CallBudget

        private init(_ action: Action, times: Int = .max, when matches: @escaping Match) {
            self.action = action
            self.matches = matches
            budget = CallBudget(times)
        }

        /// Whether the rule applies to `request`, counting it against the rule's `times` if so.
        func applies(to request: HTTPRequest) -> Bool { matches(request) && budget.take() }

        /// The headers of a canned answer: a JSON body and a request id the test can look for.
        public static let cannedHeaders: HTTPHeaders = [
            "Content-Type": "application/json", "X-Request-Id": "req_canned",
        ]

        /// The error of ``fail(with:times:when:)`` unless told otherwise: the connection was refused, so the
        /// request never left (what the emulator cannot do).
        public static let refusedBeforeSending = TransportError(
            code: .cannotConnectToHost, requestSent: false, message: "refused before sending")

        /// Answers matching requests with `status` and `body` without sending them: for shapes the emulator
        /// never sends.
        public static func respond(
            status: Int = 200, headers: HTTPHeaders = cannedHeaders, body: String,
            when matches: @escaping Match = { _ in true }
        ) -> Self {
            Self(.respond(HTTPResponse(status: status, headers: headers, body: Data(body.utf8))), when: matches)
        }

        /// Fails the first `times` matching requests with `error`; ``ScriptedTransport/failures`` counts them.
        public static func fail(
            with error: TransportError = refusedBeforeSending, times: Int = .max,
            when matches: @escaping Match = { _ in true }
        ) -> Self {
            Self(.fail(error), times: times, when: matches)
        }

        /// Holds matching requests at `gate` until the test opens it; then they go on.
        public static func hold(at gate: TestGate, when matches: @escaping Match = { _ in true }) -> Self {
            Self(.hold(gate), when: matches)
        }

        /// Applies `change` to the first `times` matching requests before they go on.
        public static func rewrite(
            times: Int = .max, when matches: @escaping Match = { _ in true },
            _ change: @escaping @Sendable (inout HTTPRequest) -> Void
        ) -> Self {
            Self(.rewrite(change), times: times, when: matches)
        }

        /// Runs `hook` before a matching request goes on: it may wait, change the world the request arrives
        /// in, or throw to fail the request.
        public static func before(when matches: @escaping Match = { _ in true }, _ hook: @escaping Hook) -> Self {
            Self(.before(hook), when: matches)
        }

        /// Sends the first `times` matching requests and fails each with `.timedOut`, `requestSent` true,
        /// once `arrived` returns (the test's evidence that the server has it), cancelling the exchange:
        /// what a transport's own timeout does after sending, with no duration for a loaded machine to
        /// outlast before the request has even left. An answer that comes first is returned as usual.
        public static func timeOut(
            times: Int = .max, when matches: @escaping Match = { _ in true }, once arrived: @escaping Hook
        ) -> Self {
            Self(.timeOut(arrived), times: times, when: matches)
        }

        /// Runs `hook` once a matching request has been answered (for a stream, once its head arrived),
        /// before the caller sees the answer.
        public static func after(when matches: @escaping Match = { _ in true }, _ hook: @escaping Hook) -> Self {
            Self(.after(hook), when: matches)
        }
    }
}
