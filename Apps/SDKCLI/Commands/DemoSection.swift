/// One part of `sdk demo`: a titled, self-contained showing of something that works in this build.
///
/// Each SDK feature that lands adds a section (transport round trip, a backend call, a chat
/// turn) to ``registered``. A section returns the lines to print; it must only claim what it
/// actually exercised, and it runs against ``OutputContext/baseURL`` or an emulator it starts
/// itself.
package struct DemoSection: Sendable {
    /// The section's work: returns the lines to show, or throws to mark the section failed.
    package typealias Run = @Sendable (OutputContext) async throws -> [String]

    /// The heading, e.g. `Transport round trip`.
    package let title: String
    /// How long the section may take before it is cancelled and reported as timed out.
    /// Cancellation is cooperative: the section should await cancellable work.
    package let timeout: Duration
    /// The work.
    package let run: Run

    /// A section; `timeout` bounds it so `sdk demo` never hangs on a stuck server.
    package init(title: String, timeout: Duration = .seconds(30), run: @escaping Run) {
        self.title = title
        self.timeout = timeout
        self.run = run
    }

    /// The same section with another time limit. Tests that run the real sections in a process
    /// busy with a thousand other tests give them more than the 30 s a person waits for.
    package func timeLimit(_ timeout: Duration) -> DemoSection {
        DemoSection(title: title, timeout: timeout, run: run)
    }
}

extension DemoSection {
    /// Every section `sdk demo` runs, in this order. Add one line per section, defined in its own
    /// file as `extension DemoSection { static let transportRoundTrip = DemoSection(...) }`.
    package static let registered: [DemoSection] = [
        // Sections land here as SDK features do, one per line.
        .transport,
        .palbeTodos,
        .palbeAuth,
        .palbePasskeys,
        .chatbaseToolRoundTrip,
        .purseCheckout,
        .purseCheckoutPartners,
    ]
}
