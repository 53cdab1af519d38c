import Testing

@testable import SDKCLI

@Suite struct NameSuggesterTests {
    @Test(arguments: [
        ("dmeo", "demo", 1), ("emualtor", "emulator", 1), ("jsno", "json", 1), ("kitten", "sitting", 3),
        ("", "abc", 3), ("abc", "", 3), ("abc", "abc", 0), ("ca", "abc", 3), ("abcd", "badc", 2),
    ])
    func distanceCountsSwapsAsOneEdit(a: String, b: String, expected: Int) {
        #expect(NameSuggester.distance(a, b) == expected)
        #expect(NameSuggester.distance(b, a) == expected)
    }

    @Test func suggestsOnlyWithinAThirdOfTheLengthCappedAtTwo() {
        let names = ["demo", "emulator", "palbe", "chat", "purse"]
        #expect(NameSuggester.suggestion(for: "dmeo", among: names) == "demo")
        #expect(NameSuggester.suggestion(for: "DEMO", among: names) == "demo")
        #expect(NameSuggester.suggestion(for: "emltor", among: names) == "emulator")
        #expect(NameSuggester.suggestion(for: "emtr", among: names) == nil)
        #expect(NameSuggester.suggestion(for: "dm", among: names) == nil)
        #expect(NameSuggester.suggestion(for: "pals", among: names) == nil)
        #expect(NameSuggester.suggestion(for: "", among: names) == nil)
    }

    @Test func aTieGoesToTheFirstNameInTableOrder() {
        #expect(NameSuggester.suggestion(for: "stat", among: ["start", "state"]) == "start")
        #expect(NameSuggester.suggestion(for: "stat", among: ["state", "start"]) == "state")
    }
}
