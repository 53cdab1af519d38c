// AppKit, as far as the SDKs use it: the key window to present a system sheet over.
//
// Declared as Apple documents them (every class here is `@MainActor`, as AppKit's are):
// - https://developer.apple.com/documentation/appkit/nsapplication, `shared`, `keyWindow`
// - https://developer.apple.com/documentation/appkit/nswindow
//
// Bodies are placeholders: the gate type-checks against this module and never runs it.

import Foundation

@MainActor open class NSResponder: NSObject {}

@MainActor open class NSWindow: NSResponder {
    public override init() {
        super.init()
    }
}

@MainActor open class NSApplication: NSResponder {
    /// The app's instance.
    open class var shared: NSApplication { NSApplication() }

    /// The window that receives keyboard events, if any.
    open var keyWindow: NSWindow? { nil }
}
