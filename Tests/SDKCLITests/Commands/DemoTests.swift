import ErrorCore
import Foundation
import SDKCLI
import Testing

@Suite struct DemoTests {
    func root(_ sections: [DemoSection]) -> Command {
        .group(name: "sdk", summary: "Test root.", subcommands: [.demo(sections: sections)])
    }

    @Test func withNoSectionsItSaysSoHonestly() async throws {
        let text = await CLIHarness.run(["demo"], root: root([]))
        #expect(text.status == 0)
        #expect(text.stdout == "sdk \(SDKCLI.version): sections will appear here as SDK features land\n")
        let json = try await CLIHarness.run(["demo", "--json"], root: root([])).jsonObject()
        #expect(json["sections"] as? [Any] != nil)
        #expect((json["sections"] as? [Any])?.isEmpty == true)
        #expect(json["version"] as? String == SDKCLI.version)
    }

    @Test func theRealRootsDemoIsTheRegisteredSections() async {
        let result = await CLIHarness.run(["demo", "--list"])
        #expect(result.status == 0)
        #expect(result.stdoutLines == DemoSection.registered.map { "- \($0.title)" })
        #expect(!DemoSection.registered.isEmpty)
    }

    @Test func theRegisteredSectionsEndWithPurseCheckout() {
        let titles = DemoSection.registered.map(\.title)
        #expect(titles.count == 7)
        #expect(
            titles.suffix(6) == [
                DemoSection.palbeTodos.title, DemoSection.palbeAuth.title, DemoSection.palbePasskeys.title,
                DemoSection.chatbaseToolRoundTrip.title, DemoSection.purseCheckout.title,
                DemoSection.purseCheckoutPartners.title,
            ])
        #expect(DemoSection.purseCheckout.title == "PurseCheckout: card payments, never charged twice")
    }

    @Test func theRealDemoShowsEverySectionOkInItsOrder() async throws {
        let result = await CLIHarness.run(["demo"], root: CLIHarness.demoRoot(DemoSection.registered))
        #expect(result.status == 0, "\(result.stdout)")
        let headings = result.stdoutLines.filter { $0.hasPrefix("[") }
        #expect(headings == DemoSection.registered.map { "[ok] \($0.title)" })
        let titles = DemoSection.registered.map(\.title)
        let palbe = try #require(titles.firstIndex(of: DemoSection.palbeTodos.title))
        #expect(titles.firstIndex(of: DemoSection.palbeAuth.title) == palbe + 1, "the auth section follows Palbe's")
    }

    @Test func sectionsRunInOrderAndAFailureExitsOneAfterTheRest() async throws {
        let sections = [
            DemoSection(title: "First") { context in ["base \(context.baseURL?.absoluteString ?? "-")"] },
            DemoSection(title: "Broken") { _ in throw CommandFailure(code: "nope", message: "server said no") },
            DemoSection(title: "Last") { _ in ["done", "twice"] },
        ]
        let text = await CLIHarness.run(["demo", "--base-url", "http://127.0.0.1:9"], root: root(sections))
        #expect(text.status == 1)
        #expect(
            text.stdoutLines == [
                "[ok] First", "    base http://127.0.0.1:9", "[failed] Broken: server said no", "[ok] Last",
                "    done", "    twice",
            ])
        #expect(text.stderr.isEmpty)

        let json = await CLIHarness.run(["demo", "--json"], root: root(sections))
        #expect(json.status == 1)
        let report = try json.jsonObject()
        let results = try #require(report["sections"] as? [[String: Any]])
        #expect(results.map { $0["status"] as? String } == ["ok", "failed", "ok"])
        #expect((results[1]["error"] as? [String: Any])?["code"] as? String == "nope")
        #expect(results[2]["lines"] as? [String] == ["done", "twice"])
    }

    @Test func aStuckSectionTimesOutAndTheNextStillRuns() async throws {
        let sections = [
            DemoSection(title: "Stuck", timeout: .milliseconds(50)) { _ in
                try await Task.sleep(for: .seconds(3600))
                return ["never"]
            },
            DemoSection(title: "After") { _ in ["ran"] },
        ]
        let result = await CLIHarness.run(["demo"], root: root(sections))
        #expect(result.status == 1)
        #expect(result.stdoutLines.first?.hasPrefix("[timed_out] Stuck: no result within") == true)
        #expect(result.stdoutLines.dropFirst() == ["[ok] After", "    ran"])
    }

    @Test func listPrintsTitlesWithoutRunningAnything() async {
        let ran = Locked(false)
        let sections = [
            DemoSection(title: "Round trip") { _ in
                ran.withLock { $0 = true }
                return []
            }
        ]
        let result = await CLIHarness.run(["demo", "--list"], root: root(sections))
        #expect(result.status == 0)
        #expect(result.stdout == "- Round trip\n")
        #expect(ran.withLock { $0 } == false)
    }
}
