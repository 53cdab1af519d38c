extension Palbe: CustomReflectable {
    /// The environment and the base URL, nothing else: `dump(pb)` and a debugger show which backend a
    /// client talks to, never the signed-in session (its tokens and device key), the API key, or the
    /// transport's internals (reflecting Foundation's `URLSession` on Linux crashes the runtime).
    public var customMirror: Mirror {
        Mirror(
            self, children: ["environment": configuration.environment, "baseURL": configuration.baseURL],
            displayStyle: .class)
    }
}
