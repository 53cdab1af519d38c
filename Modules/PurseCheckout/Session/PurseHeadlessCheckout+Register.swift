import ErrorCore

extension PurseHeadlessCheckout {
    /// Marks the instrument the shopper pays with through `methodID` for saving (`save: false`
    /// takes the mark back): the next
    /// `validate` carries `payment_preferences.save_token` for it. The card is tokenized either way;
    /// this asks the API to keep the token for later payments.
    ///
    /// - Throws: ``PurseCheckoutError/tokenNotRegisterable(method:)`` when the method's
    ///   ``PaymentMethod/canBeRegistered`` is false; ``PurseSessionError/methodNotFound(method:)``;
    ///   ``PurseSessionError/notReady(state:)`` before `load()`; ``PurseCheckoutError/sessionExpired``;
    ///   ``PurseCheckoutError/submitBlocked`` while submitting or once spent.
    public func register(_ methodID: String, save: Bool = true) throws {
        try withState { state throws in
            try requireReady(&state)
            guard let method = state.methods.first(where: { $0.id == methodID }) else {
                throw PurseSessionError.methodNotFound(method: methodID)
            }
            guard save else {
                state.registered.remove(methodID)
                return
            }
            guard method.canBeRegistered else { throw PurseCheckoutError.tokenNotRegisterable(method: methodID) }
            state.registered.insert(methodID)
        }
    }

    /// Whether `register(_:)` marked `methodID`'s instrument for saving.
    public func isRegistered(_ methodID: String) -> Bool {
        state.withLock { $0.registered.contains(methodID) }
    }
}
