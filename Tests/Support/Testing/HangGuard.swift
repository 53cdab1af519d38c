import Testing

extension Trait where Self == TimeLimitTrait {
    /// The time limit every suite that guards against a hang uses: it only ends a test that is stuck.
    ///
    /// Plain `swift test` starts all ~1,500 tests at once on a cooperative pool of one thread per
    /// core, so on a two-core machine a test's wall time is close to the whole run's (about a minute,
    /// more on a slow machine) however little it does itself. A limit of one minute therefore failed
    /// tests that were only queued; five leaves room for that and still ends a hung test long
    /// before CI's own timeout.
    public static var hangGuard: Self { .timeLimit(.minutes(5)) }
}
