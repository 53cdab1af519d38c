import ErrorCore

extension ExchangeTrace {
    /// What an SDK's trace looks like: where its records go, what they show, how secrets are masked.
    /// Each SDK keeps its own as a preset (`.palbe`, `.chatbase`).
    package struct Configuration: Sendable {
        /// The records' subsystem, reverse-DNS style (`studio.palbase.sdk`).
        package var subsystem: String
        /// The records' category (`http`).
        package var category: String
        /// Masks headers, URLs, bodies and failure descriptions; its ``Redactor/bodyLimit`` cuts bodies.
        package var redactor: Redactor
        /// Which records are written, and at which level.
        package var format: Format
        /// How much of a body is shown.
        package var bodies: Bodies
        /// The response header that carries the server's request id.
        package var requestIDHeader: String

        /// A configuration from its parts.
        package init(
            subsystem: String, category: String, redactor: Redactor = .standard, format: Format, bodies: Bodies,
            requestIDHeader: String = "X-Request-Id"
        ) {
            self.subsystem = subsystem
            self.category = category
            self.redactor = redactor
            self.format = format
            self.bodies = bodies
            self.requestIDHeader = requestIDHeader
        }
    }

    /// Which records a trace writes, and at which level.
    package enum Format: Sendable, Equatable {
        /// A debug trace, all at `LogLevel.trace`, written only when the trace is switched on and the
        /// logger wants that level: a record per request with its (masked) URL, headers and body,
        /// `→ POST https://…/todos [apikey: <redacted>, …] body: {…}`; one per response,
        /// `← 201 POST https://…/todos 12 ms request=req_…`; one per failure,
        /// `✕ GET https://…/todos 30 ms: <what failed>`.
        case detailed
        /// One record per outcome, naming the URL by its path only (never its query), at `info`
        /// (`warning` for a status of 400 or more and for failures):
        /// `POST /api/chat → 200 in 12 ms`, `GET /api/x failed after 30 ms: <what failed>`.
        /// Requests themselves are not recorded.
        case summary
    }

    /// How much of a body a trace shows.
    package enum Bodies: Sendable, Equatable {
        /// Masked by the redactor and cut to its limit; a sealed body only as `<sealed, N bytes>`.
        case redacted
        /// Only the size, `<N bytes>`: for bodies that may hold data no rule can mask.
        case sizes
        /// Nothing at all, not even the size.
        case omitted
    }
}
