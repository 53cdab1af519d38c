import EmulatorPurse
import ErrorCore
import Foundation
import PurseCheckout
import PurseTools
import Testing

/// `register` marks the card for saving, synchronously; `validate` carries it as
/// `payment_preferences.save_token`, and the emulator records it.
@Suite struct RegisterTests {
    @Test func aRegisteredCardIsSavedOnTheWire() async throws {
        try await withPurse { bed in
            let (checkout, _, session) = try await bed.cardCheckout()
            #expect(!checkout.isRegistered("creditcard"))
            try checkout.register("creditcard")
            #expect(checkout.isRegistered("creditcard"))
            _ = try await checkout.submitPayment()
            let body = try #require(try bed.requests(session.id, "validate").first).body
            let sent = try #require(try JSONDecoder().decode(AnyCodableValue.self, from: body).objectValue)
            #expect(sent["items"]?[0]?["payment_preferences"]?["save_token"] == true)
            #expect(try bed.server.purseSaveToken(sessionID: session.id) == true)
        }
    }

    @Test func anUnregisteredCardIsNotSaved() async throws {
        try await withPurse { bed in
            let (checkout, _, session) = try await bed.cardCheckout()
            try checkout.register("creditcard")
            try checkout.register("creditcard", save: false)
            #expect(!checkout.isRegistered("creditcard"))
            _ = try await checkout.submitPayment()
            #expect(try bed.server.purseSaveToken(sessionID: session.id) == false)
        }
    }

    @Test func aMethodThatCannotBeRegisteredThrows() async throws {
        try await withPurse { bed in
            let checkout = try bed.checkout(try await bed.session())
            #expect(throws: PurseSessionError.notReady(state: .idle)) { try checkout.register("creditcard") }
            try await checkout.load()
            #expect(checkout.paymentMethods.first { $0.id == "paypal-wallet" }?.canBeRegistered == false)
            do {
                try checkout.register("paypal-wallet")
                Issue.record("paypal-wallet was registered")
            } catch let error as PurseCheckoutError {
                #expect(error.code == .tokenNotRegisterable)
                #expect(error.code.rawValue == "TOKEN_NOT_REGISTERABLE")
                guard case .tokenNotRegisterable(let method) = error else { throw error }
                #expect(method == "paypal-wallet")
            }
            #expect(!checkout.isRegistered("paypal-wallet"))
            #expect(throws: PurseSessionError.methodNotFound(method: "nope")) { try checkout.register("nope") }
        }
    }
}
