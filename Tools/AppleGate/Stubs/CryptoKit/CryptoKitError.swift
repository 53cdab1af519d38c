// CryptoKit's errors.
//
//   https://developer.apple.com/documentation/cryptokit/cryptokiterror
//   https://developer.apple.com/documentation/cryptokit/cryptokiterror/authenticationfailure
//   https://developer.apple.com/documentation/cryptokit/cryptokiterror/invalidparameter (iOS 16, macOS 13)

/// `enum CryptoKitError`: general cryptography errors used by CryptoKit.
public enum CryptoKitError: Error {
    /// The key size is incorrect.
    case incorrectKeySize
    /// The parameter size is incorrect.
    case incorrectParameterSize
    /// The authentication tag or signature is incorrect.
    case authenticationFailure
    /// The underlying corecrypto library is unable to complete the requested action.
    case underlyingCoreCryptoError(error: Int32)
    /// The data fails to wrap the symmetric key.
    case wrapFailure
    /// The data fails to unwrap the symmetric key.
    case unwrapFailure
    /// The parameter is invalid.
    case invalidParameter
}
