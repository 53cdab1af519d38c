extension Command {
    /// `sdk demo`: runs every ``DemoSection`` in order and shows what each produced.
    ///
    /// Exits 0 when every section succeeded, 1 when any failed or timed out (all still run).
    /// `--list` prints the titles without running anything. With `--json`, the whole report is
    /// one object: `{"version":…,"sections":[{"title":…,"status":"ok","lines":[…]}]}`.
    package static func demo(sections: [DemoSection]) -> Command {
        Command(
            name: "demo",
            summary: "Show what works in this build, one section per SDK feature.",
            discussion: """
                Runs each registered demo section in order and prints what it produced. \
                Sections talk to --base-url when given, else to an emulator they start \
                themselves. A failed or timed-out section is reported and the others still run.
                """,
            parameters: DemoParameters(),
            run: { values, context in
                let report = await DemoReport(
                    sections: sections, context: context, listOnly: values.list)
                try context.emit(report, text: report.textLines)
                if report.hasFailures { throw ExitCode.failure }
            }
        )
    }
}

/// `sdk demo`'s options.
private struct DemoParameters: CommandParameters {
    let list = Option.flag("list", help: "List the section titles without running them.")
}
