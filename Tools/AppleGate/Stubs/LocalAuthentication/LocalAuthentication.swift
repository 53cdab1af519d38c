// LocalAuthentication, as far as the SDKs use it or are about to: whether biometry can be evaluated, the
// prompt, and the context a biometry-protected Keychain read authenticates with.
//
// Declared as Apple documents them: names, labels, optionality, availability, isolation and sendability.
// - https://developer.apple.com/documentation/localauthentication/lacontext: `class LAContext` (neither
//   `@MainActor` nor `Sendable`), `init()`
// - …/lacontext/canevaluatepolicy(_:error:): `func canEvaluatePolicy(_ policy: LAPolicy, error:
//   NSErrorPointer) -> Bool`. `NSErrorPointer` is `AutoreleasingUnsafeMutablePointer<NSError?>?`, which
//   corelibs Foundation lacks; `UnsafeMutablePointer<NSError?>?` takes the same arguments (`&error`, `nil`).
// - …/lacontext/evaluatepolicy(_:localizedreason:reply:): `func evaluatePolicy(_ policy: LAPolicy,
//   localizedReason: String, reply: @escaping @Sendable (Bool, (any Error)?) -> Void)`; the reply "is
//   evaluated on a private queue internal to the framework in an unspecified threading context". Its
//   `async throws -> Bool` form is the Swift import of the same method.
// - …/lacontext/localizedreason (`var localizedReason: String { get set }`, iOS 11, macOS 10.13),
//   …/lacontext/biometrytype (`var biometryType: LABiometryType { get }`, iOS 11, macOS 10.13.2),
//   …/lacontext/invalidate() (iOS 9, macOS 10.11)
// - https://developer.apple.com/documentation/localauthentication/lapolicy:
//   `deviceOwnerAuthenticationWithBiometrics` 1 (iOS 8, macOS 10.12.2), `deviceOwnerAuthentication` 2
//   (iOS 9, macOS 10.11)
// - https://developer.apple.com/documentation/localauthentication/labiometrytype: `none` 0 (iOS 11),
//   `touchID` 1, `faceID` 2, `opticID` 4 (iOS 17, macOS 14, visionOS 1)
// - https://developer.apple.com/documentation/localauthentication/laerror-swift.struct and …/code:
//   `authenticationFailed` -1, `userCancel` -2, `userFallback` -3, `systemCancel` -4, `passcodeNotSet` -5,
//   `biometryNotAvailable` -6, `biometryNotEnrolled` -7, `biometryLockout` -8 (the three biometry codes
//   iOS 11, macOS 10.13), `appCancel` -9, `invalidContext` -10, `notInteractive` -1004; the domain is
//   `com.apple.LocalAuthentication`.
//
// `NS_ENUM`s import as non-frozen Swift enums; a Linux build cannot make an enum non-frozen, so a `switch`
// over one without `@unknown default` compiles here without the warning Xcode gives. `LAError` is a
// `_BridgedStoredNSError`, as Swift imports an `NS_ERROR_ENUM`, so `error as? LAError`, `.code` and
// `catch LAError.userCancel` compile as on Apple platforms. LAContext.h imports Foundation, which the module
// re-exports. Bodies are placeholders: the gate type-checks against this module and never runs it.

@_exported import Foundation

/// The set of available local authentication policies.
@available(iOS 8.0, macOS 10.10, watchOS 3.0, visionOS 1.0, *)
public enum LAPolicy: Int, Sendable {
    /// User authentication with biometry.
    @available(iOS 8.0, macOS 10.12.2, watchOS 3.0, visionOS 1.0, *)
    case deviceOwnerAuthenticationWithBiometrics = 1
    /// User authentication with either biometry or the device passcode.
    @available(iOS 9.0, macOS 10.11, watchOS 3.0, visionOS 1.0, *)
    case deviceOwnerAuthentication = 2
}

/// The set of available biometric authentication types.
@available(iOS 11.0, macOS 10.13.2, visionOS 1.0, *)
public enum LABiometryType: Int, Sendable {
    /// No biometry type is supported.
    case none = 0
    /// The device supports Touch ID.
    case touchID = 1
    /// The device supports Face ID.
    case faceID = 2
    /// The device supports Optic ID.
    @available(iOS 17.0, macOS 14.0, visionOS 1.0, *)
    case opticID = 4
}

/// Errors issued by the LocalAuthentication framework.
@available(iOS 8.0, macOS 10.10, watchOS 3.0, visionOS 1.0, *)
public struct LAError: _BridgedStoredNSError, CustomNSError, Hashable {
    public let _nsError: NSError

    public init(_nsError: NSError) {
        self._nsError = _nsError
    }

    /// The error domain that the framework uses when issuing errors.
    public static var errorDomain: String { "com.apple.LocalAuthentication" }
    public static var _nsErrorDomain: String { errorDomain }

    /// Errors issued by the LocalAuthentication framework.
    public enum Code: Int, _ErrorCodeProtocol, @unchecked Sendable, Equatable, Hashable {
        public typealias _ErrorType = LAError

        /// The user failed to provide valid credentials.
        case authenticationFailed = -1
        /// The user tapped the cancel button in the authentication dialog.
        case userCancel = -2
        /// The user tapped the fallback button in the authentication dialog, but no fallback is available.
        case userFallback = -3
        /// The system canceled authentication.
        case systemCancel = -4
        /// A passcode isn't set on the device.
        case passcodeNotSet = -5
        /// Biometry is not available on the device.
        @available(iOS 11.0, macOS 10.13, visionOS 1.0, *)
        case biometryNotAvailable = -6
        /// The user has no enrolled biometric identities.
        @available(iOS 11.0, macOS 10.13, visionOS 1.0, *)
        case biometryNotEnrolled = -7
        /// Biometry is locked because there were too many failed attempts.
        @available(iOS 11.0, macOS 10.13, visionOS 1.0, *)
        case biometryLockout = -8
        /// The app canceled authentication.
        case appCancel = -9
        /// The context was previously invalidated.
        case invalidContext = -10
        /// Displaying the required authentication user interface is forbidden.
        case notInteractive = -1004
    }

    public static var authenticationFailed: Code { .authenticationFailed }
    public static var userCancel: Code { .userCancel }
    public static var userFallback: Code { .userFallback }
    public static var systemCancel: Code { .systemCancel }
    public static var passcodeNotSet: Code { .passcodeNotSet }
    @available(iOS 11.0, macOS 10.13, visionOS 1.0, *)
    public static var biometryNotAvailable: Code { .biometryNotAvailable }
    @available(iOS 11.0, macOS 10.13, visionOS 1.0, *)
    public static var biometryNotEnrolled: Code { .biometryNotEnrolled }
    @available(iOS 11.0, macOS 10.13, visionOS 1.0, *)
    public static var biometryLockout: Code { .biometryLockout }
    public static var appCancel: Code { .appCancel }
    public static var invalidContext: Code { .invalidContext }
    public static var notInteractive: Code { .notInteractive }
}

/// The error domain that the framework uses when issuing errors.
@available(iOS 8.0, macOS 10.10, watchOS 3.0, visionOS 1.0, *)
public let LAErrorDomain = "com.apple.LocalAuthentication"

/// A mechanism for evaluating authentication policies and access controls.
@available(iOS 8.0, macOS 10.10, watchOS 3.0, visionOS 1.0, *)
open class LAContext: NSObject {
    public override init() {
        super.init()
    }

    /// Assesses whether authentication can proceed for a given policy; why not in `error`.
    open func canEvaluatePolicy(_ policy: LAPolicy, error: UnsafeMutablePointer<NSError?>?) -> Bool {
        fatalError("stub")
    }

    /// Evaluates the specified policy; `reply` runs on a private queue.
    open func evaluatePolicy(
        _ policy: LAPolicy, localizedReason: String, reply: @escaping @Sendable (Bool, (any Error)?) -> Void
    ) {}

    /// Evaluates the specified policy.
    open func evaluatePolicy(_ policy: LAPolicy, localizedReason: String) async throws -> Bool {
        fatalError("stub")
    }

    /// The localized explanation for authentication shown in the dialog presented to the user.
    @available(iOS 11.0, macOS 10.13, visionOS 1.0, *)
    @available(watchOS, unavailable)
    open var localizedReason: String {
        get { fatalError("stub") }
        set {}
    }

    /// The type of biometric authentication supported by the device.
    @available(iOS 11.0, macOS 10.13.2, visionOS 1.0, *)
    open var biometryType: LABiometryType { fatalError("stub") }

    /// Invalidates the context: a pending evaluation is canceled with `LAError.Code.appCancel`.
    @available(iOS 9.0, macOS 10.11, watchOS 3.0, visionOS 1.0, *)
    open func invalidate() {}
}
