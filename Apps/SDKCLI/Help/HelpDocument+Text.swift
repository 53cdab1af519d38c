extension HelpDocument {
    /// The width help text is laid out for; every line fits in it.
    package static let defaultWidth = 80

    /// The help as text lines, each at most `width` characters (clamped to 40...100):
    /// title, discussion, usage, then aligned ARGUMENTS, OPTIONS, GLOBAL OPTIONS and SUBCOMMANDS.
    package func textLines(width: Int = defaultWidth) -> [String] {
        let width = min(100, max(40, width))
        var lines = TextWrapper.wrap("\(command) - \(summary)", width: width)
        if !discussion.isEmpty {
            lines += [""] + TextWrapper.layOut(discussion, width: width)
        }
        lines += [""] + TextWrapper.pack(["USAGE:"] + usageTokens, width: width, indent: 9)

        let sections = [
            ("ARGUMENTS:", arguments), ("OPTIONS:", options), ("GLOBAL OPTIONS:", globalOptions),
            ("SUBCOMMANDS:", subcommands),
        ]
        let column = labelColumn(for: sections.flatMap(\.1))
        for (title, entries) in sections where !entries.isEmpty {
            lines += ["", title]
            for entry in entries {
                lines += Self.row(entry, column: column, width: width)
            }
        }
        if subcommands.count > 1 || (subcommands.count == 1 && subcommands[0].label != "help") {
            lines += [""] + TextWrapper.wrap("See '\(helpCommand) <subcommand>' for detailed help.", width: width)
        }
        return lines
    }

    /// `sdk help palbe` for `sdk palbe`.
    private var helpCommand: String {
        let words = command.split(separator: " ").map(String.init)
        guard let root = words.first else { return "help" }
        return ([root, "help"] + words.dropFirst()).joined(separator: " ")
    }

    /// Where the right column starts: after the longest label that still fits, capped so the
    /// descriptions keep room; longer labels put their description on the next line.
    private func labelColumn(for entries: [Entry]) -> Int {
        let longest = entries.map(\.label.count).max() ?? 0
        return 2 + min(longest, 26) + 2
    }

    private static func row(_ entry: Entry, column: Int, width: Int) -> [String] {
        let label = "  " + entry.label
        let padding = String(repeating: " ", count: column)
        let detail = TextWrapper.wrap(entry.detail, width: width - column).map { padding + $0 }
        var lines: [String] = []
        if label.count + 2 <= column, let first = detail.first {
            lines.append(label + String(first.dropFirst(label.count)))
            lines += detail.dropFirst()
        } else {
            lines += TextWrapper.wrap(entry.label, width: width - 2).map { "  " + $0 } + detail
        }
        return lines
    }
}
