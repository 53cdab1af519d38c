// AppKit, as far as the SDKs use it: the window a system sheet is presented over on macOS.
//
// Declared as Apple documents them. Every class here is `@MainActor`, as Apple's declarations say
// (`@MainActor class NSResponder`, `…NSWindow`, `…NSApplication`), and so is the global `NSApp`
// (`@MainActor var NSApp: NSApplication!`).
// - https://developer.apple.com/documentation/appkit/nsresponder
// - https://developer.apple.com/documentation/appkit/nswindow, `isKeyWindow`
// - https://developer.apple.com/documentation/appkit/nsapplication, …/nsapplication/shared
//   (`class var shared: NSApplication { get }`), `keyWindow` (`var keyWindow: NSWindow? { get }`),
//   `mainWindow`, `windows`
// - https://developer.apple.com/documentation/appkit/nsapp
//
// AppKit's headers import Foundation, and the framework's module exports what it imports: so does this one.
// Bodies are placeholders: the gate type-checks against this module and never runs it.

@_exported import Foundation

/// An abstract class that forms the basis of event and command processing in AppKit.
@MainActor open class NSResponder: NSObject {}

/// A window that an app displays on the screen.
@MainActor open class NSWindow: NSResponder {
    public override init() {
        super.init()
    }

    /// Whether the window is the key window for the application.
    open var isKeyWindow: Bool { false }
}

/// An object that manages an app's main event loop and resources used by all of that app's objects.
@MainActor open class NSApplication: NSResponder {
    /// The application instance, created if it doesn't exist yet.
    open class var shared: NSApplication { fatalError("stub") }

    /// The window that currently receives keyboard events.
    open var keyWindow: NSWindow? { nil }

    /// The app's main window.
    open var mainWindow: NSWindow? { nil }

    /// The app's window list.
    open var windows: [NSWindow] { [] }
}

/// The global variable for the shared app instance.
@MainActor public var NSApp: NSApplication! { NSApplication.shared }
