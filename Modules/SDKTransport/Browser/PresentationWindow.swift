#if canImport(AuthenticationServices)
    import AuthenticationServices
    import Foundation
    #if canImport(UIKit)
        import UIKit
    #elseif canImport(AppKit)
        import AppKit
    #endif

    /// The window a system sheet is shown over when the app names none.
    ///
    /// On iOS it is found without naming `UIApplication.shared`: that is unavailable in app
    /// extensions, and Xcode compiles a package for them with that rule on, so an SDK that names it
    /// fails to build in a widget, share or notification extension. The shared application is reached
    /// through the Objective-C runtime instead (`+[UIApplication sharedApplication]`, as Auth0.swift
    /// does). In an app extension (an `.appex` bundle) that path is never taken: the extension gets a new
    /// window, over which the system places the sheet, unless it passes its own view's window.
    package enum PresentationWindow {
        /// The key window of the foreground scene (else of any scene, else a new window); on macOS the
        /// application's key window, else a new window.
        @MainActor
        package static func anchor() -> ASPresentationAnchor {
            #if canImport(UIKit)
                keyWindow() ?? ASPresentationAnchor()
            #elseif canImport(AppKit)
                NSApplication.shared.keyWindow ?? ASPresentationAnchor()
            #else
                ASPresentationAnchor()
            #endif
        }

        #if canImport(UIKit)
            @MainActor
            private static func keyWindow() -> UIWindow? {
                // An extension must not touch the shared application at all (Apple's App Extension
                // Programming Guide): it has none, and it passes its own view's window instead.
                guard !Bundle.main.bundlePath.hasSuffix(".appex"),
                    let application = UIApplication.perform(NSSelectorFromString("sharedApplication"))?
                        .takeUnretainedValue() as? UIApplication
                else { return nil }
                let scenes = application.connectedScenes.compactMap { $0 as? UIWindowScene }
                let active = scenes.filter { $0.activationState == .foregroundActive }
                return (active + scenes).lazy.flatMap(\.windows).first(where: \.isKeyWindow)
            }
        #endif
    }
#endif
