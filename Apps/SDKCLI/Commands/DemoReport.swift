/// What `sdk demo` found: one result per section, printable as text or JSON.
struct DemoReport: Encodable, Sendable {
    /// One section's outcome.
    struct SectionResult: Encodable, Sendable {
        enum Status: String, Encodable, Sendable {
            case ok, failed, listed
            case timedOut = "timed_out"
        }

        var title: String
        var status: Status
        var lines: [String] = []
        var error: ErrorPayload?
    }

    /// Shown in place of sections while none are registered.
    static let emptyMessage = "sdk \(SDKCLI.version): sections will appear here as SDK features land"

    var version = SDKCLI.version
    var message: String?
    var sections: [SectionResult]

    /// Runs (or, with `listOnly`, just lists) `sections` in order.
    init(sections: [DemoSection], context: OutputContext, listOnly: Bool) async {
        message = sections.isEmpty ? Self.emptyMessage : nil
        var results: [SectionResult] = []
        for section in sections {
            if listOnly {
                results.append(SectionResult(title: section.title, status: .listed))
            } else {
                results.append(await Self.run(section, context: context))
            }
        }
        self.sections = results
    }

    var hasFailures: Bool {
        sections.contains { $0.status == .failed || $0.status == .timedOut }
    }

    var textLines: [String] {
        if let message { return [message] }
        return sections.flatMap { result -> [String] in
            switch result.status {
            case .listed:
                return ["- \(result.title)"]
            case .ok:
                return ["[ok] \(result.title)"] + result.lines.map { "    " + $0 }
            case .failed, .timedOut:
                let reason = result.error?.message ?? result.status.rawValue
                return ["[\(result.status.rawValue)] \(result.title): \(reason)"]
            }
        }
    }

    /// Runs one section, racing it against its timeout.
    static func run(_ section: DemoSection, context: OutputContext) async -> SectionResult {
        do {
            let lines = try await withThrowingTaskGroup(of: [String]?.self) { group in
                group.addTask { try await section.run(context) }
                group.addTask {
                    try await Task.sleep(for: section.timeout)
                    return nil
                }
                // Whichever finishes first decides; the loser is cancelled and awaited.
                defer { group.cancelAll() }
                return try await group.next() ?? nil
            }
            guard let lines else {
                return SectionResult(
                    title: section.title, status: .timedOut,
                    error: ErrorPayload(code: "timed_out", message: "no result within \(section.timeout)"))
            }
            return SectionResult(title: section.title, status: .ok, lines: lines)
        } catch {
            return SectionResult(title: section.title, status: .failed, error: ErrorPayload(error))
        }
    }
}
