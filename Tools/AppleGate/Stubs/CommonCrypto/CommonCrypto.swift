// The CommonCrypto stub: PBKDF2, as the SDKs use it.
//
// CommonCrypto has no Swift reference pages; its documentation is its headers, imported into Swift
// as Apple's importer does (anonymous `enum` constants as `Int`, `typedef uint32_t` as `UInt32`,
// pointers without nullability annotations as implicitly unwrapped optionals):
//   https://opensource.apple.com/source/CommonCrypto/CommonCrypto-60049/include/CommonKeyDerivation.h.auto.html
//   https://opensource.apple.com/source/CommonCrypto/CommonCrypto-60165/include/CommonCryptoError.h.auto.html
//
// `CCKeyDerivationPBKDF` is `API_AVAILABLE(macos(10.7), ios(5.0))`, below the SDKs' floor. Its body
// traps: the gate compiles PBKDF2 callers, it does not run them (OpenSSL does, on Linux).

/// `typedef uint32_t CCPBKDFAlgorithm;`
public typealias CCPBKDFAlgorithm = UInt32

/// `typedef uint32_t CCPseudoRandomAlgorithm;`
public typealias CCPseudoRandomAlgorithm = UInt32

/// `typedef int32_t CCStatus;`
public typealias CCStatus = Int32

/// `typedef int32_t CCCryptorStatus;`
public typealias CCCryptorStatus = Int32

/// `enum { kCCPBKDF2 = 2 };`
public var kCCPBKDF2: Int { 2 }

/// `enum { kCCPRFHmacAlgSHA1 = 1, … };`
public var kCCPRFHmacAlgSHA1: Int { 1 }
/// `kCCPRFHmacAlgSHA224 = 2`
public var kCCPRFHmacAlgSHA224: Int { 2 }
/// `kCCPRFHmacAlgSHA256 = 3`
public var kCCPRFHmacAlgSHA256: Int { 3 }
/// `kCCPRFHmacAlgSHA384 = 4`
public var kCCPRFHmacAlgSHA384: Int { 4 }
/// `kCCPRFHmacAlgSHA512 = 5`
public var kCCPRFHmacAlgSHA512: Int { 5 }

/// `enum { kCCSuccess = 0, kCCParamError = -4300, … };`
public var kCCSuccess: Int { 0 }
/// `kCCParamError = -4300`
public var kCCParamError: Int { -4300 }

/// ```c
/// int CCKeyDerivationPBKDF(CCPBKDFAlgorithm algorithm, const char *password, size_t passwordLen,
///                          const uint8_t *salt, size_t saltLen, CCPseudoRandomAlgorithm prf, unsigned rounds,
///                          uint8_t *derivedKey, size_t derivedKeyLen);
/// ```
///
/// Derive a key from a text password/passphrase. Returns `kCCParamError` for bad parameters.
@discardableResult
public func CCKeyDerivationPBKDF(
    _ algorithm: CCPBKDFAlgorithm, _ password: UnsafePointer<CChar>!, _ passwordLen: Int,
    _ salt: UnsafePointer<UInt8>!, _ saltLen: Int, _ prf: CCPseudoRandomAlgorithm, _ rounds: UInt32,
    _ derivedKey: UnsafeMutablePointer<UInt8>!, _ derivedKeyLen: Int
) -> Int32 {
    fatalError("CommonCrypto stub: CCKeyDerivationPBKDF does not run in the Apple-API gate")
}
