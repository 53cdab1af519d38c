import ErrorCore
import Foundation
import Testing

@testable import PurseCheckout

/// Answers are decoded with the wire's decoder and keys: every member the SDK uses arrives, a repeated
/// key keeps one value, and every malformed answer is a `DecodingError` naming where it went wrong.
@Suite struct CheckoutWireTests {
    private static func read<T: Decodable & Sendable>(_ text: String, as type: T.Type) throws -> T {
        try CheckoutWire.decoder.decode(T.self, from: Data(text.utf8))
    }

    /// The line a `PaymentAPIError` would carry for `text`.
    private static func failure<T: Decodable & Sendable>(_ text: String, as type: T.Type) -> String? {
        do {
            _ = try read(text, as: type)
            return nil
        } catch {
            return PaymentAPIErrorMapping.unreadable(path: "/validate", decoding: error).message
        }
    }

    @Test func aValidateAnswerArrivesWhole() throws {
        let answer = try Self.read(
            #"""
            {"global_status":"SUCCESS","results":[{"id":"r1","transaction_id":"t1","partner":"purse",
            "method":"creditcard","status":{"action":"NONE","state":"SUCCESS","code":"00","description":"ok"}}],
            "redirection":{"url":"https://pay.example/r"},"session":{"status":"SUBMITTED","payment_id":"pay_1"},
            "unknown_member":[1,{"x":null}]}
            """#, as: CheckoutWire.ValidateAnswer.self)
        #expect(answer.globalStatus == "SUCCESS")
        let result = try #require(answer.results?.first)
        #expect(result.transactionId == "t1")
        #expect(result.status?.description == "ok")
        #expect(answer.redirection?.url == "https://pay.example/r")
        #expect(answer.session?.paymentId == "pay_1")
    }

    @Test func absentAndNullOptionalMembersAreNil() throws {
        let answer = try Self.read(
            #"{"client_session_status":"OPEN","global_status":null,"last_validate":null}"#,
            as: CheckoutWire.StatusAnswer.self)
        #expect(answer.globalStatus == nil)
        #expect(answer.paymentId == nil)
        #expect(answer.results == nil)
        #expect(answer.lastValidate == nil)
    }

    /// A repeated key keeps its first value, as every answer the package decodes with Foundation's
    /// `JSONDecoder` does (Palbe's and Chatbase's too).
    @Test func aRepeatedKeyKeepsItsFirstValue() throws {
        let answer = try Self.read(#"{"token":"tok_first","token":"tok_last"}"#, as: CheckoutWire.VaultAnswer.self)
        #expect(answer.token == "tok_first")
    }

    @Test func anInitAnswerKeepsTheDisabledDetails() throws {
        let answer = try Self.read(
            #"""
            {"session":{"id":"cs_1","status":"OPEN","amount":4999,"remaining_amount":4999},
            "methods":[{"id":"creditcard","partner":"purse","method":"card","position":1,"can_be_registered":true},
            {"id":"paypal-wallet","partner":"paypal","method":"wallet","min_amount":5000,
            "disabled":{"code":"MIN_AMOUNT_NOT_MET","details":{"min_amount":5000,"rest_to_pay":4999}}}]}
            """#, as: CheckoutWire.InitAnswer.self)
        #expect(answer.session.remainingAmount == 4999)
        #expect(answer.methods.map(\.id) == ["creditcard", "paypal-wallet"])
        #expect(answer.methods[0].canBeRegistered == true)
        #expect(answer.methods[1].disabled?.code == "MIN_AMOUNT_NOT_MET")
        #expect(answer.methods[1].disabled?.details?["rest_to_pay"]?.intValue == 4999)
    }

    @Test(
        arguments: [
            (#"{"results":[]}"#, #"missing key "global_status" at the top level"#),
            (#"{"global_status":null}"#, "expected String, found null at global_status"),
            (#"{"global_status":7}"#, "expected String at global_status"),
            (#"{"global_status":"SUCCESS","results":[{"status":{"code":5}}]}"#, "at results[0].status.code"),
            (#"{"global_status":"SUCCESS","results":[3]}"#, "at results[0]"),
            (#"{"global_status":"SUCCESS","session":"SUBMITTED"}"#, "at session"),
            (#"["global_status"]"#, "at the top level"),
            (#"{"global_status":"SUCC"#, "not valid JSON"),
            ("", "not valid JSON"),
        ])
    func aMalformedValidateAnswerSaysWhere(text: String, expected: String) throws {
        let message = try #require(Self.failure(text, as: CheckoutWire.ValidateAnswer.self))
        #expect(message.contains(expected), "\(message)")
    }

    @Test func aStatusAnswerNeedsTheKeyAndCompletionOfItsLastValidate() throws {
        let message = try #require(
            Self.failure(
                #"{"client_session_status":"SUBMITTED","last_validate":{"idempotency_key":"k"}}"#,
                as: CheckoutWire.StatusAnswer.self))
        #expect(message.contains(#"missing key "completed" at last_validate"#), "\(message)")
    }
}
