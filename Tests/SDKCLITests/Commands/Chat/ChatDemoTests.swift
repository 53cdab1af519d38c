import Emulator
import Foundation
import SDKCLI
import Testing

/// The Chatbase section of `sdk demo`, on its own embedded emulator and on `--base-url`'s.
@Suite struct ChatDemoTests {
    func root() -> Command {
        CLIHarness.demoRoot([.chatbaseToolRoundTrip])
    }

    @Test func theSectionShowsAStreamedToolRoundTripAndTheHistory() async throws {
        let result = await CLIHarness.run(["demo"], root: root())
        #expect(result.status == 0, "\(result.stdout)")
        let lines = result.stdoutLines
        #expect(lines.first == "[ok] ChatbaseSDK: a streamed reply with a tool round trip")
        #expect(lines.dropFirst().first?.hasPrefix("    embedded emulator at http://127.0.0.1:") == true)
        #expect(lines.dropFirst().first?.hasSuffix("/api/sdk") == true)
        #expect(lines.contains("    sent \"What's the weather in Paris?\" with a get_weather handler registered"))
        #expect(
            lines.contains {
                $0.hasPrefix(#"    agent asked for ⚙ get_weather {"city":"Paris"}; the handler answered {"#)
            })
        let streamed = try #require(lines.first { $0.hasPrefix("    the continuation streamed ") })
        let count = Int(streamed.dropFirst("    the continuation streamed ".count).prefix { $0.isNumber }) ?? 0
        #expect(count > 1)
        #expect(streamed.contains("text deltas: \"Weather in Paris: {"))
        #expect(lines.contains { $0.hasPrefix("    finish stop, conversation conv_") && $0.hasSuffix(", 2 credits") })
        #expect(lines.contains("    listed 3 messages of the conversation, newest first:"))
        #expect(lines.suffix(3).map { $0.hasPrefix("      [") } == [true, true, true])
        #expect(lines.last?.hasSuffix("] What's the weather in Paris?") == true)
    }

    @Test func withABaseURLItRunsOnThatEmulatorWithAnAgentItCreates() async throws {
        try await ChatCLIFixture.with { fixture in
            let before = try fixture.server.chatbaseAgents().count
            let result = await CLIHarness.run(["demo", "--base-url", fixture.baseURL.absoluteString], root: root())
            #expect(result.status == 0, "\(result.stdout)")
            #expect(!result.stdout.contains("embedded emulator"))
            #expect(result.stdout.contains("    listed 3 messages of the conversation, newest first:"))
            let agents = try fixture.server.chatbaseAgents()
            #expect(agents.count == before + 1)
            #expect(agents.last?.paceMilliseconds == 3)
        }
    }
}
