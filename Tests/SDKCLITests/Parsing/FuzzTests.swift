import EmulatorTestSupport
import Foundation
import SDKCLI
import Testing

/// Random command lines: the parser must always answer with a parsed line or a usage error, and
/// the runner must always exit 0, 1, 2 or a command's own code with well-formed output.
@Suite struct FuzzTests {
    static let vocabulary = [
        "serve", "call", "emulator", "start", "stop", "logs", "files", "login", "echo", "demo", "help", "fail",
        "--", "-", "--json", "--base-url", "--base-url=http://h:1", "http://127.0.0.1:1", "--help", "-h",
        "--version", "--port", "-p", "--port=", "8080", "0", "-5", "abc", "--query", "k=v", "=v", "--verbose",
        "-v", "--mode", "fast", "--user", "--list", "-=", "--=", "=", "", " ", "\n", "é", "--jsno", "dmeo",
        "-pv", "---", "--help=1", "-h=", "--offset", "-1.5", "1e9", "💥", "--base-url=", "help",
    ]

    static func randomWord(using generator: inout SplitMix64) -> String {
        if Int.random(in: 0..<4, using: &generator) > 0 {
            return vocabulary.randomElement(using: &generator)!
        }
        let alphabet = Array("-=abcdehjlpsv0123 \u{0}\t\n💥é/:.")
        let length = Int.random(in: 0...6, using: &generator)
        return String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
    }

    static func randomLine(using generator: inout SplitMix64) -> [String] {
        (0..<Int.random(in: 0...8, using: &generator)).map { _ in randomWord(using: &generator) }
    }

    @Test(arguments: [UInt64(1), 2, 3, 4])
    func parsingNeverTrapsAndErrorsStayOneLine(seed: UInt64) async throws {
        var generator = SplitMix64(seed: seed)
        for root in [SampleTable.root, SDKCLI.root] {
            let parser = CommandLineParser(root: root)
            for iteration in 0..<1000 {
                // Tests share a cooperative pool of one thread per core: yielding keeps this loop from
                // starving the suite's timing-sensitive tests.
                if iteration % 50 == 0 { await Task.yield() }
                let line = Self.randomLine(using: &generator)
                do {
                    let parsed = try parser.parse(line, environment: [:])
                    if parsed.action == .help {
                        let help = HelpDocument(path: parsed.path).textLines()
                        #expect(help.allSatisfy { $0.count <= HelpDocument.defaultWidth }, "\(line)")
                    }
                } catch {
                    let lines = error.textLines
                    #expect(lines.count == 2, "\(line)")
                    #expect(lines.allSatisfy { !$0.contains(where: \.isNewline) }, "\(line)")
                    #expect(lines[0].hasPrefix("error: "), "\(line)")
                }
            }
        }
    }

    @Test(arguments: [UInt64(10), 11])
    func runningAnyLineGivesAKnownExitCodeAndWellFormedOutput(seed: UInt64) async throws {
        var generator = SplitMix64(seed: seed)
        for _ in 0..<300 {
            let line = Self.randomLine(using: &generator)
            let result = await CLIHarness.run(line, root: SampleTable.root)
            #expect([0, 1, 2, 3].contains(result.status), "\(line)")
            if line.prefix(while: { $0 != "--" }).contains("--json") {
                // One JSON object on stdout, whatever happened.
                #expect(throws: Never.self, "\(line)") { try result.jsonObject() }
            } else if result.status == 2 {
                #expect(result.stderrLines.count == 2, "\(line)")
                #expect(result.stdout.isEmpty, "\(line)")
            }
        }
    }
}
