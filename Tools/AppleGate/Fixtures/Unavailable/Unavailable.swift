// A fixture the availability check must refuse: APIs newer than iOS 17 / macOS 14 used unguarded (each
// marked UNGUARDED), beside the same APIs used correctly, which it must let through. Never compiled:
// `Tools/scripts/apple-gate --prove` scans it and checks each unguarded use is named.
import Foundation
import Synchronization

// UNGUARDED: `Task.immediate` is iOS 26 / macOS 26.
func submitNow() async -> Int {
    await Task.immediate { 1 }.value
}

// UNGUARDED: `Mutex` is iOS 18 / macOS 15.
let counter = Mutex(0)

// UNGUARDED: `homeDirectoryForCurrentUser` is unavailable on iOS.
func home() -> URL {
    FileManager.default.homeDirectoryForCurrentUser
}

// UNGUARDED: an initializer, reached by the type's name and the call's labels: `String(validating:as:)` is
// iOS 18 / macOS 15.
func strictText(_ bytes: [UInt8]) -> String? {
    String(validating: bytes, as: UTF8.self)
}

// Guarded: nothing to report below.
func strictTextWhereAvailable(_ bytes: [UInt8]) -> String? {
    if #available(iOS 18, macOS 15, *) {
        return String(validating: bytes, as: UTF8.self)
    }
    // The same type's older initializers are no finding.
    return String(decoding: bytes, as: UTF8.self)
}

// Guarded: nothing to report below.
func submitNowWhereAvailable() async -> Int {
    if #available(iOS 26, macOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
        return await Task.immediate { 1 }.value
    }
    return await Task { 1 }.value
}

@available(iOS 18, macOS 15, *)
final class Counter: Sendable {
    let value = Mutex(0)
}

func later() {
    guard #available(iOS 18.0, macOS 15.0, *) else { return }
    let mutex = Mutex("guarded for the rest of the scope")
    _ = mutex
    // A string or a comment naming `Task.immediate { }` or Mutex(0) is no use.
    _ = "Task.immediate { } and Mutex(0)"
}

// UNGUARDED: the iOS 18 `NotificationCenter.addObserver(of:for:using:)`, matched by its labels; the
// `addObserver(forName:object:queue:using:)` every release has is not reported (no line names it).
func observe(_ subject: AnyObject, _ identifier: Any) {
    _ = NotificationCenter.default.addObserver(of: subject, for: identifier) { _ in }
    _ = NotificationCenter.default.addObserver(forName: nil, object: nil, queue: nil) { _ in }
}

#if canImport(Security)
    import Security

    // UNGUARDED: a framework stub's iOS 18 API (`SecAccessControlCreateFlags.companion` is iOS 18 /
    // macOS 15), found through `--modules-of`.
    let companionOnly: SecAccessControlCreateFlags = .companion
#endif
