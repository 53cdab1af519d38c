import Emulator
import Testing

@testable import EmulatorCore

/// The emulator's standard-error reports go through the one redaction rule (issue 18 §5): an error's
/// description may quote the request that caused it.
@Suite struct EmulatorDiagnosticsTests {
    @Test func reportsAreMaskedByTheSharedRule() {
        let line = EmulatorDiagnostics.line(
            #"/purse failed: dataCorrupted("card_number=4242424242424242&cvc=123", X-Auth-Token: t0k, pin: 1234, page: 2)"#
        )
        for secret in ["4242424242424242", "cvc=123", "t0k", "1234"] {
            #expect(!line.contains(secret), "\(secret) in \(line)")
        }
        #expect(line.hasPrefix("emulator: /purse failed: "))
        #expect(line.contains("page: 2"))
        #expect(line.hasSuffix("\n"))
    }
}
