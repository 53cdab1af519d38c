import EmulatorTestSupport
import ErrorCore
import Foundation
import SDKTransport
import Testing

@testable import PurseCheckout

/// `Specs/vectors/purse-error-codes.json` and the static members of `PurseErrorCode` are the same
/// list, both ways, and every error case's code is on it.
@Suite struct PurseErrorCodeTests {
    struct Entry: Decodable, Equatable {
        let name: String
        let rawValue: String
        let kind: String
        let origin: String
        let documentationLink: String
    }

    struct CodesFile: Decodable {
        let documentationBase: String
        let codes: [Entry]
    }

    static let file: CodesFile = {
        let data = try! Data(contentsOf: PackageRoot.appending("Specs/vectors/purse-error-codes.json"))
        return try! SDKCoders.snakeCaseDecoder().decode(CodesFile.self, from: data)
    }()

    /// `name → raw value` as declared in the source, one `public static let` per line.
    static let declared: [String: String] = {
        let source = try! String(
            contentsOf: PackageRoot.appending("Modules/PurseCheckout/Errors/PurseErrorCode+Known.swift"),
            encoding: .utf8)
        let pattern = #/public static let (\w+) = PurseErrorCode\(rawValue: "([A-Z0-9_]+)"\)/#
        var declared: [String: String] = [:]
        for match in source.matches(of: pattern) { declared[String(match.1)] = String(match.2) }
        return declared
    }()

    /// Each member's value, read through the compiled code rather than the source text.
    static let compiled: [String: PurseErrorCode] = [
        "expiredSession": .expiredSession, "sessionMalformed": .sessionMalformed, "submitBlocked": .submitBlocked,
        "validateFailed": .validateFailed, "methodNotImplemented": .methodNotImplemented,
        "paymentNotFulfilledOnSubmit": .paymentNotFulfilledOnSubmit, "elementNotFulfilled": .elementNotFulfilled,
        "tokenNotRegisterable": .tokenNotRegisterable,
        "sessionNotReady": .sessionNotReady, "paymentMethodNotFoundInSession": .paymentMethodNotFoundInSession,
        "notAPrimaryMethod": .notAPrimaryMethod, "partnerUIError": .partnerUIError, "unknownError": .unknownError,
        "invalidInitParams": .invalidInitParams, "invalidCard": .invalidCard, "api404": .api404,
        "idempotencyKeyInUse": .idempotencyKeyInUse, "idempotencyKeyMismatch": .idempotencyKeyMismatch,
        "sessionAlreadySubmittedError": .sessionAlreadySubmittedError, "sessionExpired": .sessionExpired,
        "usageLimitError": .usageLimitError, "invalidTakeAmount": .invalidTakeAmount,
        "maxAmountReached": .maxAmountReached, "rateLimited": .rateLimited, "internalError": .internalError,
        "partnerUnavailable": .partnerUnavailable, "methodUnstable": .methodUnstable,
        "minAmountNotMet": .minAmountNotMet, "maxAmountExceeded": .maxAmountExceeded,
        "amountConditionUnreachable": .amountConditionUnreachable, "tokenInitFailed": .tokenInitFailed,
        "submitting": .submitting, "paymentFulfilled": .paymentFulfilled, "pluginIncompatible": .pluginIncompatible,
        "paymentElementRenderFailed": .paymentElementRenderFailed, "partnerUIFatalError": .partnerUIFatalError,
        "partnerUIUnavailable": .partnerUIUnavailable, "partnerUICancelled": .partnerUICancelled,
    ]

    @Test func theFileAndTheSourceDeclareTheSameCodesBothWays() {
        let inFile = Dictionary(uniqueKeysWithValues: Self.file.codes.map { ($0.name, $0.rawValue) })
        let missingFromFile = Set(Self.declared.keys).subtracting(inFile.keys).sorted()
        let missingFromSource = Set(inFile.keys).subtracting(Self.declared.keys).sorted()
        #expect(missingFromFile.isEmpty, "declared in the source, not in the file: \(missingFromFile)")
        #expect(missingFromSource.isEmpty, "in the file, not declared in the source: \(missingFromSource)")
        for (name, raw) in inFile where Self.declared[name] != nil {
            #expect(Self.declared[name] == raw, "\(name): file \(raw), source \(Self.declared[name] ?? "-")")
        }
        #expect(Set(Self.compiled.keys) == Set(Self.declared.keys), "the compiled list below is stale")
        #expect(Self.declared.count == 38)
    }

    @Test(arguments: file.codes)
    func eachEntryMatchesTheCompiledCodeAndTheLinkRule(_ entry: Entry) throws {
        let code = try #require(Self.compiled[entry.name], "no compiled member \(entry.name)")
        #expect(code.rawValue == entry.rawValue)
        #expect(entry.rawValue.allSatisfy { $0.isUppercase || $0.isNumber || $0 == "_" })
        #expect(entry.documentationLink == Self.file.documentationBase + "#" + entry.rawValue.lowercased())
        #expect(code.documentationLink.absoluteString == entry.documentationLink)
        #expect(["checkout", "session", "partner", "api", "disabled_state"].contains(entry.kind))
        #expect(["web", "contract", "native"].contains(entry.origin))
    }

    @Test func rawValuesAreUnique() {
        let raws = Self.file.codes.map(\.rawValue)
        #expect(Set(raws).count == raws.count)
    }

    /// Every case of every error type raises a code from the file, of its family.
    @Test func everyErrorCaseRaisesACodeOfTheFile() {
        let byRaw = Dictionary(uniqueKeysWithValues: Self.file.codes.map { ($0.rawValue, $0.kind) })
        let unstable = DisabledState(code: .methodUnstable, message: "down", origin: .server)
        let cases: [(any PurseError, String)] = [
            (PurseCheckoutError.sessionExpired, "checkout"),
            (PurseCheckoutError.sessionMalformed(reason: "x"), "checkout"),
            (PurseCheckoutError.submitBlocked, "checkout"),
            (PurseCheckoutError.validateFailed(sessionID: "cs_1", underlying: CancellationError()), "checkout"),
            (PurseCheckoutError.noPluginRegistered(method: "paypal-wallet"), "checkout"),
            (PurseCheckoutError.paymentNotFulfilledOnSubmit, "checkout"),
            (PurseCheckoutError.elementNotFulfilled(method: "creditcard"), "checkout"),
            (PurseCheckoutError.tokenNotRegisterable(method: "paypal-wallet"), "checkout"),
            (PurseCheckoutError.invalidTakeAmount(method: "illicado-giftcard", amount: 9, available: 5), "checkout"),
            (PurseSessionError.notReady(state: .idle), "session"),
            (PurseSessionError.methodNotFound(method: "x"), "session"),
            (PurseSessionError.notAPrimaryMethod(method: "illicado-giftcard"), "session"),
            (PurseSessionError.methodDisabled(method: "paypal-wallet", state: unstable), "disabled_state"),
            (PartnerUIError(method: "applepay-wallet", message: "sheet failed"), "partner"),
            (
                PaymentAPIErrorMapping.error(
                    for: TransportError(code: .timedOut, requestSent: true, message: "t"), path: "/p"), "api"
            ),
        ]
        for (error, kind) in cases {
            #expect(byRaw[error.code.rawValue] == kind, "\(error.code) should be a \(kind) code of the file")
            #expect(error.sdkName == "purse")
            #expect(error.errorCode == error.code.rawValue)
            #expect(!error.message.isEmpty)
        }
    }

    @Test func messagesTheSeedFixesAreExact() {
        #expect(
            PurseCheckoutError.noPluginRegistered(method: "paypal-wallet").message
                == "no plugin registered for paypal-wallet — install the partner product that provides it")
        #expect(
            PurseCheckoutError.noPluginRegistered(method: "paypal-wallet").code.rawValue == "METHOD_NOT_IMPLEMENTED")
        #expect(
            "\(PurseCheckoutError.sessionExpired)"
                == "Purse EXPIRED_SESSION: the client session has expired: create a new one on your server")
    }
}
