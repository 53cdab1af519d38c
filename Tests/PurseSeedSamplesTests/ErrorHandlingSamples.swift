import PurseCheckout

// The code samples of seeds/purse-error-handling.md, as written, in a file that imports only
// PurseCheckout. `checkout` is the screen's checkout, so each sample reads exactly as on the page;
// the functions the samples call (`newSession`, `showError`, …) record what a shopper would see.
// The partner-module installation sample is in PluginInstallationSample.swift, which also imports
// the three partner products.

/// A checkout screen written the way the page writes its samples.
@MainActor final class CheckoutScreen {
    let checkout: PurseHeadlessCheckout
    private(set) var shown: [String] = []

    init(checkout: PurseHeadlessCheckout) {
        self.checkout = checkout
    }

    func newSession() { shown.append("newSession") }
    func showStillProcessing() { shown.append("stillProcessing") }
    func showError(_ code: PurseErrorCode) { shown.append("error \(code.rawValue)") }
    func offerRetry() { shown.append("offerRetry") }
    func highlightMissingAmount() { shown.append("highlightMissingAmount") }
    func focusInvalidForm() { shown.append("focusInvalidForm") }

    /// "Handle a failed outcome".
    func onOutcome(_ outcome: PaymentOutcome) {
        guard case let .failed(error) = outcome else { return }
        switch error {
        case let checkoutError as PurseCheckoutError:
            switch checkoutError {
            case .sessionExpired:
                newSession()
            case .submitBlocked:
                break  // already submitting, or spent: confirm on your backend
            case let .validateFailed(_, underlying)
            where (underlying as? PaymentAPIError)?.outcomeUnknown == true:
                showStillProcessing()  // the payment may exist: confirm on your backend
            default:
                showError(error.code)
            }
        case let apiError as PaymentAPIError:
            if apiError.isSessionTerminal {
                newSession()
            } else if apiError.isRetryable {
                offerRetry()
            } else {
                showError(apiError.code)
            }
        case is PartnerUIError:
            showError(error.code)  // the partner's step failed; pick another method
        default:
            showError(error.code)
        }
    }

    /// "Catch by family" (`throws`, as the page's enclosing function would: the two families are not
    /// every error).
    func catchByFamily() async throws {
        do {
            _ = try await checkout.submitPayment()
        } catch let error as PurseCheckoutError {  // checkout logic
            switch error.code {
            case .paymentNotFulfilledOnSubmit: highlightMissingAmount()
            case .elementNotFulfilled: focusInvalidForm()
            case .expiredSession: newSession()
            default: showError(error.code)
            }
        } catch let error as PaymentAPIError {  // transport / HTTP
            if error.isSessionTerminal {
                newSession()
            } else if error.isRetryable {
                offerRetry()
            } else {
                showError(error.code)
            }
        }
    }

    /// "Unknown outcome": the walk, then its use.
    func handleUnknown(_ error: any PurseError) {
        if outcomeUnknown(error) {
            showStillProcessing()  // never show a failure: confirm on your backend
        }
    }
}

/// "Unknown outcome": walk the `underlying` chain.
func outcomeUnknown(_ error: any PurseError) -> Bool {
    var current: (any Error)? = error
    while let error = current {
        if (error as? PaymentAPIError)?.outcomeUnknown == true { return true }
        current = (error as? any PurseError)?.underlying
    }
    return false
}
