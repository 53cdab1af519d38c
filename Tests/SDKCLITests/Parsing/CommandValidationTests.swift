import SDKCLI
import Testing

@Suite struct CommandValidationTests {
    @Test func theRealTableAndTheSampleTableAreValid() {
        #expect(SDKCLI.root.validationProblems() == [])
        #expect(SampleTable.root.validationProblems() == [])
    }

    @Test func aBrokenTableReportsEveryProblem() {
        let noop: Command.Run = { _, _ in }
        let broken = Command.group(
            name: "tool",
            summary: "Broken.",
            subcommands: [
                Command(name: "help", summary: "Shadows help.", run: noop),
                Command(name: "twin", summary: "One.", run: noop),
                Command(name: "twin", summary: "Two.", run: noop),
                Command(
                    name: "bad",
                    summary: "Bad options and arguments.",
                    arguments: [
                        .optional("first", help: ""),
                        .required("second", help: ""),
                        .variadic("rest", help: ""),
                        .optional("last", type: .integer, default: "x", help: ""),
                        .required("json", help: ""),
                    ],
                    options: [
                        .flag("json", help: "Clashes with a global."),
                        .value("port", type: .port, default: "99999", help: ""),
                        .value("a", short: "h", help: ""),
                        .value("b", short: "q", help: ""),
                        .value("c", short: "q", required: true, help: ""),
                        .value("d", default: "x", required: true, help: ""),
                        .flag("e=f", help: ""),
                        .flag("-g", help: ""),
                        .flag("port", help: ""),
                    ],
                    run: noop),
                Command.group(name: "empty group", summary: "No subcommands, no run.", subcommands: []),
            ]
        )
        let problems = broken.validationProblems()
        let expected = [
            "group 'tool': two subcommands named 'twin'",
            "group 'tool': 'help' is reserved at the root",
            "argument '<second>' of 'tool bad': required after an optional argument",
            "argument '<rest>' of 'tool bad': variadic but not last",
            "argument '<last>' of 'tool bad': default 'x' is not an integer",
            "option '--json' of 'tool bad': the name is a global option's",
            "option '--port' of 'tool bad': default '99999' is not an integer in 1...65535",
            "option '--a' of 'tool bad': short name 'h' is reserved",
            "option '--d' of 'tool bad': required with a default",
            "option '--e=f' of 'tool bad': contains '='",
            "option '---g' of 'tool bad': name starts with '-'",
            "command 'tool bad': two options named '--port'",
            "command 'tool bad': two options with short name '-q'",
            "command 'tool empty group': name contains whitespace",
            "command 'tool empty group': has neither subcommands nor a run closure",
        ]
        for problem in expected {
            #expect(problems.contains(problem), "missing: \(problem)\nall: \(problems)")
        }
        #expect(problems.contains { $0.hasPrefix("argument '<json>' of 'tool bad': required after") })
    }
}
