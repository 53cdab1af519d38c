import Testing

@testable import SDKCLI

@Suite struct TextWrapperTests {
    @Test func wrapsAtWordBoundariesWithinTheWidth() {
        #expect(TextWrapper.wrap("one two three four", width: 9) == ["one two", "three", "four"])
        #expect(TextWrapper.wrap("  spaced   out  ", width: 20) == ["spaced out"])
        #expect(TextWrapper.wrap("", width: 10) == [])
    }

    @Test func splitsAWordLongerThanTheWidth() {
        #expect(TextWrapper.wrap("abcdefghij xy", width: 4) == ["abcd", "efgh", "ij", "xy"])
    }

    @Test func layOutRewrapsParagraphsAndKeepsIndentedExamples() {
        let text = "First paragraph\ncontinues here.\n\n  example --flag\n\nSecond."
        #expect(
            TextWrapper.layOut(text, width: 20) == [
                "First paragraph", "continues here.", "", "  example --flag", "", "Second.",
            ])
    }

    @Test func packKeepsTokensWholeAndIndentsContinuations() {
        let lines = TextWrapper.pack(
            ["USAGE:", "tool serve", "[--port <port>]", "[--host <host>]"], width: 30, indent: 4)
        #expect(lines == ["USAGE: tool serve", "    [--port <port>]", "    [--host <host>]"])
    }
}
