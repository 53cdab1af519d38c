// Every code this SDK can raise, as static members. `Specs/vectors/purse-error-codes.json` holds the
// same list as data (name, raw value, documentation link), and PurseErrorCodeTests checks the two
// against each other both ways: keep one declaration per line in the form below.

extension PurseErrorCode {
    // MARK: - Checkout (PurseCheckoutError)

    /// The client session has expired (its `expires_at` passed, or the API answered 410): create a
    /// new one on your server. ``PurseCheckoutError/sessionExpired``.
    public static let expiredSession = PurseErrorCode(rawValue: "EXPIRED_SESSION")
    /// `widgetData` is not a Purse client session (not base64, not JSON, not version 2, or missing
    /// a field). ``PurseCheckoutError/sessionMalformed(reason:)``.
    public static let sessionMalformed = PurseErrorCode(rawValue: "SESSION_MALFORMED")
    /// A submission is already running, or the session is spent or blocked on an unknown outcome.
    /// ``PurseCheckoutError/submitBlocked``. A native code: the web SDK has no equivalent state.
    public static let submitBlocked = PurseErrorCode(rawValue: "SUBMIT_BLOCKED")
    /// `validate` did not complete. ``PurseCheckoutError/validateFailed(sessionID:underlying:)``.
    public static let validateFailed = PurseErrorCode(rawValue: "VALIDATE_FAILED")
    /// The method needs a partner module that was not installed.
    /// ``PurseCheckoutError/noPluginRegistered(method:)``.
    public static let methodNotImplemented = PurseErrorCode(rawValue: "METHOD_NOT_IMPLEMENTED")
    /// Nothing to pay with: no primary method selected, or its element was never created.
    /// ``PurseCheckoutError/paymentNotFulfilledOnSubmit``.
    public static let paymentNotFulfilledOnSubmit = PurseErrorCode(rawValue: "PAYMENT_NOT_FULFILLED_ON_SUBMIT")
    /// The element's fields are incomplete or invalid. ``PurseCheckoutError/elementNotFulfilled(method:)``.
    public static let elementNotFulfilled = PurseErrorCode(rawValue: "ELEMENT_NOT_FULFILLED")
    /// The method cannot save the shopper's instrument. ``PurseCheckoutError/tokenNotRegisterable(method:)``.
    public static let tokenNotRegisterable = PurseErrorCode(rawValue: "TOKEN_NOT_REGISTERABLE")

    // MARK: - Session and methods (PurseSessionError)

    /// The call needs a loaded session: await `load()` first, or the session is spent.
    /// ``PurseSessionError/notReady(state:)``. A native code.
    public static let sessionNotReady = PurseErrorCode(rawValue: "SESSION_NOT_READY")
    /// The session offers no method with this id. ``PurseSessionError/methodNotFound(method:)``, and the
    /// API's 400 for an unknown method.
    public static let paymentMethodNotFoundInSession = PurseErrorCode(rawValue: "PAYMENT_METHOD_NOT_FOUND_IN_SESSION")
    /// A secondary method was given where a primary one is needed.
    /// ``PurseSessionError/notAPrimaryMethod(method:)``. A native code.
    public static let notAPrimaryMethod = PurseErrorCode(rawValue: "NOT_A_PRIMARY_METHOD")

    // MARK: - Partner modules (PartnerUIError)

    /// A partner SDK's own step failed. ``PartnerUIError``. A native code.
    public static let partnerUIError = PurseErrorCode(rawValue: "PARTNER_UI_ERROR")

    // MARK: - The API (PaymentAPIError.errorCode)

    /// The fallback when a failure carries no readable code, and the code of a transport failure.
    public static let unknownError = PurseErrorCode(rawValue: "UNKNOWN_ERROR")
    /// 400: the request is invalid (`errors` names the fields).
    public static let invalidInitParams = PurseErrorCode(rawValue: "INVALID_INIT_PARAMS")
    /// 400: the card data was refused by the vault (`errors` names the field, never its value).
    public static let invalidCard = PurseErrorCode(rawValue: "INVALID_CARD")
    /// 404: no such route or session.
    public static let api404 = PurseErrorCode(rawValue: "API_404")
    /// 409: the same `Idempotency-Key` is still executing; the SDK waits `Retry-After` and replays.
    public static let idempotencyKeyInUse = PurseErrorCode(rawValue: "IDEMPOTENCY_KEY_IN_USE")
    /// 422: the same `Idempotency-Key` came with another body (the SDK never sends one).
    public static let idempotencyKeyMismatch = PurseErrorCode(rawValue: "IDEMPOTENCY_KEY_MISMATCH")
    /// 409: the session already took a payment; `data` holds the stored outcome.
    public static let sessionAlreadySubmittedError = PurseErrorCode(rawValue: "SESSION_ALREADY_SUBMITTED_ERROR")
    /// 410: the session has expired.
    public static let sessionExpired = PurseErrorCode(rawValue: "SESSION_EXPIRED")
    /// 422: a business rule refused the payment (a disabled method, a usage limit).
    public static let usageLimitError = PurseErrorCode(rawValue: "USAGE_LIMIT_ERROR")
    /// A secondary item cannot take the amount: above its balance or the rest to pay
    /// (``PurseCheckoutError/invalidTakeAmount(method:amount:available:)``); from the API, 422 when
    /// the items do not take the session's amount.
    public static let invalidTakeAmount = PurseErrorCode(rawValue: "INVALID_TAKE_AMOUNT")
    /// 422: the amount is above what the method or the merchant allows.
    public static let maxAmountReached = PurseErrorCode(rawValue: "MAX_AMOUNT_REACHED")
    /// 429: too many requests; `Retry-After` says when to try again.
    public static let rateLimited = PurseErrorCode(rawValue: "RATE_LIMITED")
    /// 5xx: the API failed.
    public static let internalError = PurseErrorCode(rawValue: "INTERNAL_ERROR")
    /// 5xx: the payment partner could not be reached.
    public static let partnerUnavailable = PurseErrorCode(rawValue: "PARTNER_UNAVAILABLE")

    // MARK: - Method disabled states (DisabledState.code; PurseSessionError.methodDisabled)

    /// Server: the method is temporarily unavailable.
    public static let methodUnstable = PurseErrorCode(rawValue: "METHOD_UNSTABLE")
    /// Server: the amount is below the method's minimum.
    public static let minAmountNotMet = PurseErrorCode(rawValue: "MIN_AMOUNT_NOT_MET")
    /// Server: the amount is above the method's maximum.
    public static let maxAmountExceeded = PurseErrorCode(rawValue: "MAX_AMOUNT_EXCEEDED")
    /// Server: no split of the amount can satisfy the method's conditions.
    public static let amountConditionUnreachable = PurseErrorCode(rawValue: "AMOUNT_CONDITION_UNREACHABLE")
    /// Server: the method's token could not be initialised.
    public static let tokenInitFailed = PurseErrorCode(rawValue: "TOKEN_INIT_FAILED")
    /// Client: a payment is being submitted.
    public static let submitting = PurseErrorCode(rawValue: "SUBMITTING")
    /// Client: the session is paid (or its outcome is pending confirmation).
    public static let paymentFulfilled = PurseErrorCode(rawValue: "PAYMENT_FULFILLED")
    /// Client: the installed partner module cannot serve this method.
    public static let pluginIncompatible = PurseErrorCode(rawValue: "PLUGIN_INCOMPATIBLE")
    /// Client: the method's element could not be built.
    public static let paymentElementRenderFailed = PurseErrorCode(rawValue: "PAYMENT_ELEMENT_RENDER_FAILED")
    /// Client: the partner's interface failed for good; hide the method.
    public static let partnerUIFatalError = PurseErrorCode(rawValue: "PARTNER_UI_FATAL_ERROR")
    /// Client: the partner's interface cannot be shown on this device.
    public static let partnerUIUnavailable = PurseErrorCode(rawValue: "PARTNER_UI_UNAVAILABLE")
    /// Client: the shopper closed the partner's interface.
    public static let partnerUICancelled = PurseErrorCode(rawValue: "PARTNER_UI_CANCELLED")
}
