// AuthenticationServices, as far as the SDKs use it or are about to: the web-authentication sheet
// (WebAuthenticationSession.swift), the authorization controller (Authorization.swift), passkeys
// (PublicKeyCredentials.swift) and Sign in with Apple (AppleID.swift). Each file cites the pages it declares.
//
// Declared as Apple documents them: names, argument labels, optionality, availability, and the isolation
// and sendability of the iOS 18 / macOS 15 SDK, whose headers are audited for both
// (`AS_HEADER_AUDIT_BEGIN(nullability, sendability)`): a class Apple does not mark `AS_SWIFT_SENDABLE` is
// not `Sendable`, and a protocol Apple marks `NS_SWIFT_UI_ACTOR` is `@MainActor`.
// - https://developer.apple.com/documentation/authenticationservices/aspresentationanchor:
//   `typealias ASPresentationAnchor = UIWindow` (iOS, Mac Catalyst, tvOS, visionOS), `= NSWindow` (macOS).
//   `ASFoundation.h` imports `<UIKit/UIKit.h>` (else `<AppKit/AppKit.h>`), and the framework's module
//   exports what it imports, so `import AuthenticationServices` makes UIKit (or AppKit) and Foundation
//   visible: this module re-exports them too.
//
// Conventions of every file of this module:
// - Objective-C protocols with `@optional` methods are Swift protocols whose optional requirements have
//   defaults in a protocol extension. Xcode warns when a method nearly matches an `@objc optional`
//   requirement; Swift gives no such warning for a defaulted requirement, so a misspelled optional method is
//   not caught here.
// - Objective-C `NS_ENUM`s import as non-frozen Swift enums; a Linux build cannot make an enum non-frozen,
//   so a `switch` over one without `@unknown default` compiles here without the warning Xcode gives.
// - `NS_ERROR_ENUM`s are `_BridgedStoredNSError` structs with a nested `Code`, as Swift imports them, so
//   `error as? ASAuthorizationError`, `error.code == .canceled` and `catch ASAuthorizationError.canceled`
//   compile as on Apple platforms (corelibs Foundation does not bridge an `NSError` to them at run time).
// - `init()` marked `NS_UNAVAILABLE` in a header is `@available(*, unavailable)` here.
// - Bodies are placeholders: the gate type-checks against this module and never runs it.

@_exported import Foundation

#if canImport(UIKit)
    @_exported import UIKit

    /// A platform-specific type that indicates the kind of user interface element to use as a presentation
    /// anchor.
    public typealias ASPresentationAnchor = UIWindow
#elseif canImport(AppKit)
    @_exported import AppKit

    /// A platform-specific type that indicates the kind of user interface element to use as a presentation
    /// anchor.
    public typealias ASPresentationAnchor = NSWindow
#endif
