import EmulatorPurse
import EmulatorTestSupport
import ErrorCore
import Foundation
import PurseTools
import SDKCrypto
import SDKTransport
import Testing

@testable import PurseCheckout

/// Card numbers, CVVs, tokens and the session secret never reach what the SDK writes: its log and
/// HTTP trace, error descriptions, `dump`/`Mirror`, or the disk. Everything is captured and searched.
@Suite struct CardDataNeverLeaksTests {
    static let number = "4917 4845 8989 7107"
    static let digits = "4917484589897107"
    /// Led by a zero, so no number the SDK prints can spell it as a value of its own: with 583, a `validate`
    /// that took 583 ms put ` 583 ` in the trace line and failed the search below on a slow run.
    static let cvv = "083"

    /// Every piece of text the SDK produced about `values`.
    static func texts(of values: [Any]) -> [String] {
        values.flatMap { value -> [String] in
            var dumped = ""
            dump(value, to: &dumped)
            let mirror = Mirror(reflecting: value).children.map { "\($0.label ?? ""): \($0.value)" }
            return [String(describing: value), String(reflecting: value), dumped] + mirror
        }
    }

    /// Fails for any text holding the card number (whole, spaced, or any 8 digits of it but the last
    /// four), the CVV as a value, a card token or the session secret.
    static func expectClean(_ texts: [String], secret: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let windows = (0...(digits.count - 8 - 4)).map { start in
            String(digits.dropFirst(start).prefix(8))
        }
        for text in texts {
            #expect(!text.contains(digits) && !text.contains(number), "\(text)", sourceLocation: sourceLocation)
            for window in windows {
                #expect(!text.contains(window), "\(window) in \(text)", sourceLocation: sourceLocation)
            }
            // The CVV as a value of its own (`"083"`, `: 083`, `=083`), not three digits inside a request id or
            // another number (`X-Request-ID: 083243b4-…` is no leak).
            #expect(
                text.range(of: #"(^|["=:\s])\#(cvv)($|["&,;}\s])"#, options: .regularExpression) == nil, "\(text)",
                sourceLocation: sourceLocation)
            #expect(
                text.range(of: #"cvv\W*\d"#, options: .regularExpression) == nil, "\(text)",
                sourceLocation: sourceLocation)
            #expect(
                text.range(of: #"tok_[0-9a-f]"#, options: .regularExpression) == nil, "\(text)",
                sourceLocation: sourceLocation)
            #expect(!text.contains(secret), "\(text)", sourceLocation: sourceLocation)
        }
    }

    /// The session secret inside `widgetData`.
    static func secret(of session: PurseMerchantClient.Session) throws -> String {
        let widget = String(decoding: try #require(WidgetSession.base64Decoded(session.widgetData)), as: UTF8.self)
        return String(try #require(widget.firstMatch(of: #/"session_secret":"([^"]+)"/#)?.1))
    }

    @Test func aPaymentWritesNoCardDataAnywhere() async throws {
        try await withPurse { bed in
            try await withTemporaryDirectory { directory in
                let logger = RecordingLogger()
                let store = FileSecureStore(directory: directory)
                // An answer lost once (so a pending record is written and the replay is traced), a refused
                // card first (so a vault error is described).
                let (checkout, card, session) = try await bed.cardCheckout(
                    number: Self.number, cvv: Self.cvv, logger: logger, store: store)
                let secret = try Self.secret(of: session)
                try bed.server.addFault(
                    .status(400, error: "INVALID_CARD"), method: "POST", pathPrefix: "/purse/vault", count: 1)
                let refused = await Task { await checkout.submission(of: nil) }.value
                try bed.fault(.executeThenDrop, session.id, "validate")
                let outcome = try await checkout.submitPayment()
                guard case .completed(.success) = outcome else { throw UnexpectedOutcome(outcome: outcome) }

                #expect(logger.messages.contains { $0.contains("/vault/v1/cards") }, "the trace was on")
                #expect(logger.messages.contains { $0.contains("validate replay") })
                let refusedError = try failure(refused)
                let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
                    .map { String(decoding: try Data(contentsOf: directory.appendingPathComponent($0)), as: UTF8.self) }
                Self.expectClean(
                    logger.messages + Self.texts(of: [checkout, card, outcome, refused, refusedError])
                        + [refusedError.message, refusedError.localizedDescription] + files,
                    secret: secret)
                #expect(card.last4 == "7107")
            }
        }
    }

    @Test func theCardIsWipedOnceTokenized() async throws {
        try await withPurse { bed in
            let (checkout, card, session) = try await bed.cardCheckout(number: Self.number, cvv: Self.cvv)
            _ = try await checkout.submitPayment()
            #expect(card.isTokenized)
            // What the element holds: the token, brand and last four digits; no number, no CVV.
            let held = card.storage.withLock { ($0.number, $0.cvv, $0.token, $0.tokenLast4) }
            #expect(held.0.isEmpty && held.1.isEmpty)
            #expect(held.2?.hasPrefix("tok_") == true)
            #expect(held.3 == "7107")
            #expect(Mirror(reflecting: card).descendant("storage") == nil, "the element's storage is not reflected")
            Self.expectClean(Self.texts(of: [card, checkout]), secret: try Self.secret(of: session))
        }
    }
}
