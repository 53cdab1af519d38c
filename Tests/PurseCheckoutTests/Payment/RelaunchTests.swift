import EmulatorPurse
import EmulatorTestSupport
import ErrorCore
import Foundation
import PurseTools
import SDKCrypto
import SDKTransport
import Testing

@testable import PurseCheckout

/// A pending submission is recorded (owner-only, key and session id only) before `validate` leaves;
/// a checkout built from the same `widgetData` after a relaunch reads the status before offering
/// submit.
@Suite struct RelaunchTests {
    /// The files of the store directory and their contents.
    static func files(in directory: URL) throws -> [(name: String, text: String, mode: Int)] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).map { name in
            let path = directory.appendingPathComponent(name).path
            let mode = (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? -1
            return (name, String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self), mode)
        }
    }

    @Test func aRelaunchFindsThePaymentThatWasMade() async throws {
        try await withPurse { bed in
            try await withTemporaryDirectory { directory in
                let store = FileSecureStore(directory: directory)
                let transport = bed.validateTimingOut()
                let (checkout, _, session) = try await bed.cardCheckout(
                    number: "4539 1488 0343 6467", cvv: "951", transport: transport, store: store)
                try bed.fault(PurseTestBed.validateHeldInFlight, session.id, "validate")
                do {
                    _ = try await checkout.submitPayment()
                    Issue.record("the delayed validate was answered")
                } catch let error as any PurseError {
                    #expect(error.isOutcomeUnknown)
                }
                let key = try #require(try PaymentValidatorTests.attempts(bed, session.id).first?.key)

                // The record: the session id and the key, nothing of the card, owner-only.
                let files = try Self.files(in: directory)
                #expect(files.count == 1)
                let record = try #require(files.first)
                #expect(record.text.contains(session.id) && record.text.contains(key))
                // The CVV as a value of its own, not three digits inside the record's key or ids.
                #expect(!record.text.contains("4539148803436467"))
                #expect(record.text.range(of: #"(^|["=:\s])951($|["&,;}\s])"#, options: .regularExpression) == nil)
                #expect(!record.text.contains("tok_") && !record.name.contains(session.id))
                #expect(record.mode == 0o600)

                // The app is killed; the server finishes; the app starts again with the same widgetData.
                try await waitUntil { try bed.payments(session.id) == 1 }
                let statusReads = try bed.requests(session.id, "status").count
                let relaunched = try bed.checkout(session, store: FileSecureStore(directory: directory))
                _ = try await relaunched.load()
                #expect(try bed.requests(session.id, "status").count == statusReads + 1)
                #expect(relaunched.sessionState == .submitted)
                #expect(relaunched.paymentResult?.status == .success)
                #expect(try Self.files(in: directory).isEmpty, "the record goes once the outcome is known")
                await #expect(throws: PurseCheckoutError.self) { try await relaunched.submitPayment() }
                #expect(try bed.payments(session.id) == 1)
            }
        }
    }

    @Test func aRelaunchAfterNothingWasChargedIsReady() async throws {
        try await withPurse { bed in
            try await withTemporaryDirectory { directory in
                let store = FileSecureStore(directory: directory)
                let (checkout, _, session) = try await bed.cardCheckout(store: store)
                // Every attempt is dropped before executing: no answer ever comes, nothing is charged.
                try bed.fault(.dropBeforeExecuting, session.id, "validate", count: nil)
                do {
                    _ = try await checkout.submitPayment()
                    Issue.record("validate was answered")
                } catch let error as any PurseError {
                    #expect(error.isOutcomeUnknown, "no answer ever came: the outcome is reported unknown")
                }
                #expect(checkout.sessionState == .error)
                #expect(try Self.files(in: directory).count == 1)
                try bed.server.clearFaults()

                let relaunched = try bed.checkout(session, store: FileSecureStore(directory: directory))
                _ = try await relaunched.load()
                #expect(relaunched.sessionState == .ready)
                #expect(try Self.files(in: directory).isEmpty)
                #expect(try bed.payments(session.id) == 0)
                // Ready: the shopper pays, once.
                let card = try #require(try relaunched.paymentElement(for: "creditcard") as? CardElement)
                card.setNumber("4242424242424242")
                card.setExpiry(month: 12, year: 2099)
                card.setCVV("123")
                try relaunched.setPrimary("creditcard")
                _ = try await relaunched.submitPayment()
                #expect(try bed.payments(session.id) == 1)
            }
        }
    }

    @Test func withoutARecordTheStatusIsNotRead() async throws {
        try await withPurse { bed in
            let session = try await bed.session()
            _ = try await bed.checkout(session).load()
            #expect(try bed.requests(session.id, "status").isEmpty)
        }
    }
}
