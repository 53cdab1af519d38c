import Emulator
import ErrorCore
import Foundation
import PurseCheckout
import SDKTransport

/// One `validate` through the SDK (a real `submitPayment()`: the idempotency key, the pending record, the
/// replay machinery, the answer's decoding and the state change) against a bare transport POST of the same
/// bytes to the emulator. The target is on the SDK's own work, the time it spends before the request leaves
/// and after its answer arrives: at most 0.25× the bare POST, so the SDK is never the slow part of a payment.
///
/// A session takes one payment, so every sample has a fresh session, minted (and, on the bare side,
/// tokenized) outside the timed region. `submitPayment()` calls the vault first; the SDK's figure runs from
/// the instant the vault's answer leaves the transport to the instant `submitPayment()` returns, so it
/// still carries the vault answer's decoding and the card's wipe (the ratio errs against the SDK), the
/// frozen body, the key, the pending record, `validate` itself, the verdict and the state change. The bare
/// side sends the SDK's captured `validate` request: the same headers and body bytes, with this session's
/// id, secret and token and a fresh key.
enum PurseBenchmark {
    static let rounds = 30
    static let perRound = 20

    static func run() async throws {
        var configuration = EmulatorConfiguration(port: 0, storage: .inMemory)
        configuration.mount(PurseEmulator(), at: "/purse")
        let emulator = try EmulatorServer(configuration: configuration)
        let apiRoot = try emulator.start().appendingPathComponent("purse")
        defer { Task { await emulator.shutdown() } }
        let transport = DefaultTransport.make()
        let recorder = RecordingTransport(base: transport)
        let bench = Bench(apiRoot: apiRoot, transport: transport, recorder: recorder)

        for _ in 0..<10 {
            _ = try await bench.sdkValidate()
            _ = try await bench.bareValidate()
        }
        var micros: [[Double]] = [[], []]
        var samples: [[Double]] = [[], []]
        for round in 0..<rounds {
            for offset in 0..<2 {
                let index = (round + offset) % 2
                var total = Duration.zero
                for _ in 0..<perRound {
                    let sample = index == 0 ? try await bench.sdkValidate() : try await bench.bareValidate()
                    samples[index].append(Measure.micros(sample))
                    total += sample
                }
                micros[index].append(Measure.micros(total) / Double(perRound))
            }
        }
        let measured = Measure.Interleaved(micros: micros)
        let (wire, before) = recorder.validateWire.withLock { ($0.wire, $0.before) }
        let after = recorder.after.withLock { $0 }
        print(
            "Purse: \(rounds * perRound) validates each way on the emulator, a fresh session each, "
                + "\(rounds) interleaved rounds (medians)")
        report("bare transport POST of the same bytes", "\(fixed(measured.median(1))) µs/validate")
        report(
            "submitPayment() from the vault answer on", "\(fixed(measured.median(0))) µs/validate",
            "\(fixed(measured.ratio(0, over: 1), 2))× bare")
        let sampleMedians = samples.map { Measure.percentile($0, 0.5) }
        report(
            "  per-sample medians (outliers weigh nothing)",
            "\(fixed(sampleMedians[0])) µs vs \(fixed(sampleMedians[1])) µs",
            "\(fixed(sampleMedians[0] / sampleMedians[1], 2))× bare")
        report(
            "  of which: vault answer → validate sent", "\(fixed(Measure.percentile(before, 0.5))) µs",
            "(decode the token, wipe the card, freeze the body, key, pending record)")
        report("  of which: validate in the transport", "\(fixed(Measure.percentile(wire, 0.5))) µs")
        report(
            "  of which: validate answer → return", "\(fixed(Measure.percentile(after, 0.5))) µs",
            "(decode, verdict, clear the record, state, outcome, task hop)")
        // Medians of samples on both sides, so a slow moment of the machine weighs nothing.
        let ownWork = Measure.percentile(before, 0.5) + Measure.percentile(after, 0.5)
        report(
            "submitPayment()'s own work (before + after)", "\(fixed(ownWork)) µs",
            "\(fixed(ownWork / sampleMedians[1], 2))× the bare POST's per-sample median (target ≤ 0.25)")
    }

    /// What a sample needs: where the API is, the transport both sides use, and the SDK's requests.
    struct Bench {
        let apiRoot: URL
        let transport: any Transport
        let recorder: RecordingTransport

        /// A fresh session: its id, secret and `widgetData`.
        func mint() async throws -> (id: String, secret: String, widgetData: String) {
            var headers = HTTPHeaders()
            headers.set("x-api-key", PurseEmulator.defaultMerchantAPIKey)
            headers.set("Content-Type", "application/json")
            let body: AnyCodableValue = [
                "entity_id": "ent_bench", "amount": 4_999, "currency": "EUR", "capture_mode": "AUTOMATIC",
                "shopper_redirection_url": "https://shop.example/return", "order": ["reference": "bench"],
            ]
            let response = try await transport.send(
                HTTPRequest(
                    method: "POST", url: apiRoot.appendingPathComponent("payment/v2/client-sessions"), headers: headers,
                    body: body.jsonData))
            let created = try JSONDecoder().decode(AnyCodableValue.self, from: response.body)
            guard let id = created["id"]?.stringValue, let widgetData = created["widget"]?["data"]?.stringValue,
                let decoded = Data(base64Encoded: widgetData),
                let secret = try JSONDecoder().decode(AnyCodableValue.self, from: decoded)["session_secret"]?
                    .stringValue
            else { throw BenchFailure("no session: HTTP \(response.status)") }
            return (id, secret, widgetData)
        }

        /// One `submitPayment()` on a fresh, loaded session, timed from the vault's answer on.
        func sdkValidate() async throws -> Duration {
            let session = try await mint()
            let checkout = try PurseHeadlessCheckout(
                widgetData: session.widgetData, options: PurseCheckoutOptions(storage: .memory), transport: recorder)
            try await checkout.load()
            guard let card = try checkout.paymentElement(for: "creditcard") as? CardElement else {
                throw BenchFailure("no card element")
            }
            card.setNumber("4242424242424242")
            card.setExpiry(month: 12, year: 2099)
            card.setCVV("123")
            try checkout.setPrimary("creditcard")
            guard case .completed(.success) = try await checkout.submitPayment() else {
                throw BenchFailure("the SDK's payment did not succeed")
            }
            let end = ContinuousClock.now
            if let answered = recorder.lastValidateAnswered.withLock({ $0 }) {
                recorder.after.withLock { $0.append(Measure.micros(end - answered)) }
            }
            guard let vaultAnswered = recorder.lastVaultAnswered else { throw BenchFailure("no vault exchange seen") }
            return end - vaultAnswered
        }

        /// The SDK's last `validate` request, re-addressed to a fresh session (tokenized untimed), sent bare.
        ///
        /// Everything but the token is prepared before the vault call, so the validate leaves as soon
        /// after the vault's answer as the SDK's does: the in-process emulator is still finishing the vault
        /// request (its log, its store) for a moment after answering, and a validate that arrived later
        /// would find the machine's two cores idler than the SDK's does.
        func bareValidate() async throws -> Duration {
            guard let vault = recorder.lastVault, let validate = recorder.lastValidate,
                let oldToken = recorder.lastToken
            else { throw BenchFailure("no SDK request captured yet") }
            let session = try await mint()
            var vaultHeaders = vault.headers
            vaultHeaders.set("Authorization", "Bearer \(session.secret)")
            var headers = validate.headers
            headers.set("Authorization", "Bearer \(session.secret)")
            headers.set("Idempotency-Key", UUID().uuidString.lowercased())
            let pieces = String(decoding: validate.body ?? Data(), as: UTF8.self).components(separatedBy: oldToken)
            let url = apiRoot.appendingPathComponent("checkout/v1/sessions/\(session.id)/validate")
            let vaulted = try await transport.send(
                HTTPRequest(method: "POST", url: vault.url, headers: vaultHeaders, body: vault.body))
            guard let token = Self.token(in: vaulted.body) else {
                throw BenchFailure("the bare vault gave no token: HTTP \(vaulted.status)")
            }
            let request = HTTPRequest(
                method: "POST", url: url, headers: headers, body: Data(pieces.joined(separator: token).utf8),
                timeout: validate.timeout)
            var status = 0
            let elapsed = try await Measure.time { status = try await transport.send(request).status }
            guard status == 200 else { throw BenchFailure("the bare validate answered HTTP \(status)") }
            return elapsed
        }

        /// The `token` of a vault answer, read by a plain scan (the emulator writes `"token":"…"`).
        static func token(in body: Data) -> String? {
            let text = String(decoding: body, as: UTF8.self)
            guard let start = text.range(of: #""token":""#)?.upperBound,
                let end = text[start...].firstIndex(of: "\"")
            else { return nil }
            return String(text[start..<end])
        }
    }

    /// Passes everything to `base`, keeping the last vault and `validate` requests, the vault's token and
    /// when the vault's answer came back.
    final class RecordingTransport: Transport {
        private let base: any Transport
        private let state = Locked<
            (vault: HTTPRequest?, validate: HTTPRequest?, token: String?, vaultAnswered: ContinuousClock.Instant?)
        >(
            (nil, nil, nil, nil))

        /// Each SDK `validate`'s time in the transport, and the SDK's time from the vault's answer to sending
        /// it, in microseconds.
        let validateWire = Locked<(wire: [Double], before: [Double])>(([], []))
        /// When the last `validate` answer left the transport.
        let lastValidateAnswered = Locked<ContinuousClock.Instant?>(nil)
        /// The SDK's time from each `validate` answer to `submitPayment()`'s return, in microseconds.
        let after = Locked<[Double]>([])

        init(base: any Transport) {
            self.base = base
        }

        var lastVault: HTTPRequest? { state.withLock { $0.vault } }
        var lastValidate: HTTPRequest? { state.withLock { $0.validate } }
        var lastToken: String? { state.withLock { $0.token } }
        var lastVaultAnswered: ContinuousClock.Instant? { state.withLock { $0.vaultAnswered } }

        /// The recorder's own work is kept small and light: it runs inside the SDK's timed region, and
        /// anything heavy here (a `JSONDecoder`, say) would evict the caches the SDK's next steps use.
        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            let url = request.url.absoluteString
            if url.hasSuffix("/vault/v1/cards") {
                let response = try await base.send(request)
                let token = Bench.token(in: response.body)
                // Stamped after the recorder's own bookkeeping, so none of it is charged to the SDK.
                state.withLock { $0 = (request, $0.validate, token, ContinuousClock.now) }
                return response
            }
            if url.hasSuffix("/validate") {
                let start = ContinuousClock.now
                let before = state.withLock { state in
                    state.validate = request
                    return state.vaultAnswered.map { start - $0 }
                }
                let response = try await base.send(request)
                let end = ContinuousClock.now
                validateWire.withLock {
                    $0.wire.append(Measure.micros(end - start))
                    if let before { $0.before.append(Measure.micros(before)) }
                }
                lastValidateAnswered.withLock { $0 = ContinuousClock.now }
                return response
            }
            return try await base.send(request)
        }

        func stream(_ request: HTTPRequest) async throws -> HTTPStreamingResponse {
            try await base.stream(request)
        }
    }

    struct BenchFailure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
