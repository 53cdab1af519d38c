import EmulatorCore
import ErrorCore

extension AuthErrors {
    /// 401 `passkey_invalid`. `reason` says which check failed, for the developer reading the envelope; it
    /// never holds the challenge, a key or a signature.
    static func passkeyInvalid(_ reason: String) -> PalbaseHTTPError {
        PalbaseHTTPError(status: 401, code: "passkey_invalid", description: "The passkey was not accepted: \(reason)")
    }
}
