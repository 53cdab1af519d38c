// LocalAuthentication, as far as the SDKs use it: whether biometry can be evaluated, and the context a
// biometry-protected Keychain read authenticates with.
//
// Declared as Apple documents them:
// - https://developer.apple.com/documentation/localauthentication/lacontext: `init()`,
//   `canEvaluatePolicy(_:error:)`, `evaluatePolicy(_:localizedReason:reply:)` (its reply is
//   `@Sendable`, called on a private queue), the async `evaluatePolicy(_:localizedReason:)`,
//   `localizedReason`, `biometryType`, `invalidate()`
// - https://developer.apple.com/documentation/localauthentication/lapolicy
// - https://developer.apple.com/documentation/localauthentication/laerror/code
// - https://developer.apple.com/documentation/localauthentication/labiometrytype (`opticID`: iOS 17)
//
// Apple's `error:` parameter is Foundation's `NSErrorPointer` (`AutoreleasingUnsafeMutablePointer`),
// which corelibs Foundation lacks; a pointer to an optional `NSError` takes the same `&error` argument.
// Bodies are placeholders: the gate type-checks against this module and never runs it.

import Foundation

/// What an evaluation asks for.
public enum LAPolicy: Int, Sendable {
    case deviceOwnerAuthenticationWithBiometrics = 1
    case deviceOwnerAuthentication = 2
}

/// The biometry a device has.
public enum LABiometryType: Int, Sendable {
    case none = 0
    case touchID = 1
    case faceID = 2
    @available(iOS 17.0, macOS 14.0, visionOS 1.0, *)
    case opticID = 4
}

/// Errors of an evaluation.
public struct LAError: Error, Hashable, Sendable {
    public enum Code: Int, Sendable {
        case authenticationFailed = -1
        case userCancel = -2
        case userFallback = -3
        case systemCancel = -4
        case passcodeNotSet = -5
        case biometryNotAvailable = -6
        case biometryNotEnrolled = -7
        case biometryLockout = -8
        case appCancel = -9
        case invalidContext = -10
        case notInteractive = -1004
    }

    public let code: Code

    public init(_ code: Code) {
        self.code = code
    }
}

/// A context for evaluating authentication policies.
open class LAContext: NSObject {
    public override init() {}

    /// Whether `policy` can be evaluated now; why not in `error`.
    open func canEvaluatePolicy(_ policy: LAPolicy, error: UnsafeMutablePointer<NSError?>?) -> Bool { false }

    /// Evaluates `policy`, showing `localizedReason`; `reply` runs on a private queue.
    open func evaluatePolicy(
        _ policy: LAPolicy, localizedReason: String, reply: @escaping @Sendable (Bool, (any Error)?) -> Void
    ) {}

    /// Evaluates `policy`, showing `localizedReason`.
    open func evaluatePolicy(_ policy: LAPolicy, localizedReason: String) async throws -> Bool { false }

    /// The reason shown when a Keychain item authenticates with this context.
    open var localizedReason = ""

    /// The device's biometry (set by `canEvaluatePolicy(_:error:)`).
    open var biometryType: LABiometryType { .none }

    /// Ends the context: a pending evaluation is cancelled.
    open func invalidate() {}
}
