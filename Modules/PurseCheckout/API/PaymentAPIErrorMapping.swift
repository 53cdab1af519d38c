import ErrorCore
import Foundation
import SDKTransport

/// The one place where a failed Checkout API exchange becomes a ``PaymentAPIError``: an error
/// status with its body, a transport failure, a request that could not be built, or an answer that
/// could not be read. Pure functions.
enum PaymentAPIErrorMapping {
    /// A non-2xx answer: the problem+json body read through ErrorCore's `PurseErrorEnvelope`, with
    /// the contract's fallbacks (`{"error": …}`, the raw body's first 500 characters, `UNKNOWN_ERROR`).
    static func error(status: Int, headers: HTTPHeaders, body: Data, path: String) -> PaymentAPIError {
        let envelope = PurseErrorEnvelope(status: status, body: body) { headers[$0] }
        return PaymentAPIError(
            status: status, errorCode: envelope.code, path: path, requestSent: true, message: envelope.message,
            requestID: envelope.requestID, retryAfter: envelope.retryAfter,
            fieldProblems: envelope.errors.map { .init(pointer: $0.pointer, detail: $0.detail) },
            data: envelope.data)
    }

    /// The shared exchange's endings as the Checkout API reports them: a non-2xx and no answer become a
    /// ``PaymentAPIError``; a cancelled call rethrows what the transport threw (the request may have left,
    /// and a caller that cares treats it as no answer).
    static func failures(path: String) -> HTTPExchange.FailureMapping<any Error> {
        HTTPExchange.FailureMapping(
            noResponse: { error(for: $0, path: path) },
            rejected: { error(status: $0, headers: $1, body: $2, path: path) },
            cancelled: { $0 })
    }

    /// No answer: the transport's verdict on whether the request left (``TransportError/requestSent``).
    static func error(for failure: TransportError, path: String) -> PaymentAPIError {
        PaymentAPIError(
            status: nil, errorCode: PurseErrorCode.unknownError.rawValue, path: path,
            requestSent: failure.requestSent, message: "no answer: \(failure.description)", underlying: failure)
    }

    /// The request could not be built (the API root cannot address the path): nothing was sent.
    static func unsendable(path: String, reason: String) -> PaymentAPIError {
        PaymentAPIError(
            status: nil, errorCode: PurseErrorCode.unknownError.rawValue, path: path, requestSent: false,
            message: "nothing was sent: \(reason)")
    }

    /// A 2xx whose body the SDK cannot read. It counts as no answer: the server acted, but what it
    /// said is lost (on `validate`, an unknown outcome).
    static func unreadable(path: String, decoding error: any Error) -> PaymentAPIError {
        PaymentAPIError(
            status: nil, errorCode: PurseErrorCode.unknownError.rawValue, path: path, requestSent: true,
            message: "the answer could not be read: \(CodingErrorDescription.describe(error))",
            underlying: error)
    }

    /// The task was cancelled while the request was out: it may have left, and its answer is lost.
    static func cancelled(path: String, underlying: any Error) -> PaymentAPIError {
        PaymentAPIError(
            status: nil, errorCode: PurseErrorCode.unknownError.rawValue, path: path, requestSent: true,
            message: "cancelled while waiting for the answer", underlying: underlying)
    }

    /// The request's body could not be prepared (the payment data): nothing was sent.
    static func unpreparable(path: String, underlying: any Error) -> PaymentAPIError {
        PaymentAPIError(
            status: nil, errorCode: PurseErrorCode.unknownError.rawValue, path: path, requestSent: false,
            message: "nothing was sent: the payment data could not be prepared", underlying: underlying)
    }

    /// No final answer to `validate` after every replay and the status read: the payment may exist.
    /// `last` is the last attempt's error.
    static func unknownOutcome(path: String, attempts: Int, last: PaymentAPIError) -> PaymentAPIError {
        if last.outcomeUnknown && attempts == 1 { return last }
        return PaymentAPIError(
            status: nil, errorCode: PurseErrorCode.unknownError.rawValue, path: path, requestSent: true,
            message: "no final answer after \(attempts) attempt(s), and the status does not show the payment's "
                + "outcome (last: \(last.status.map { "HTTP \($0)" } ?? "no response") \(last.errorCode))",
            underlying: last)
    }
}
