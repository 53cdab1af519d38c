import ErrorCore
import Testing

// The one header type of the transports and of Tools/HTTPServer: these cover both sides' uses.
@Suite struct HTTPHeadersTests {
    @Test func literalKeepsOrderAndLookupIgnoresCase() {
        let headers: HTTPHeaders = ["Content-Type": "application/json", "X-Trace": "a"]
        #expect(headers.map(\.name) == ["Content-Type", "X-Trace"])
        #expect(headers["content-type"] == "application/json")
        #expect(headers["CONTENT-TYPE"] == "application/json")
        #expect(headers["missing"] == nil)
    }

    @Test func addKeepsRepeatsAndValuesReturnsThemInOrder() {
        var headers = HTTPHeaders()
        headers.add("Set-Cookie", "a=1")
        headers.add("X-Other", "x")
        headers.add("set-cookie", "b=2")
        #expect(headers.values(for: "SET-COOKIE") == ["a=1", "b=2"])
        #expect(headers["Set-Cookie"] == "a=1")
        #expect(headers.count == 3)
    }

    @Test func subscriptSetReplacesEveryFieldAtTheFirstPosition() {
        var headers: HTTPHeaders = ["A": "1", "B": "2", "a": "3"]
        headers["a"] = "new"
        #expect(headers.map(\.name) == ["A", "B"])
        #expect(headers.values(for: "a") == ["new"])
        headers["C"] = "appended"
        #expect(headers.map(\.name) == ["A", "B", "C"])
        headers["b"] = nil
        #expect(headers.map(\.name) == ["A", "C"])
    }

    @Test func lookupIgnoresCaseAndReturnsTheFirstValue() {
        let headers: HTTPHeaders = ["Set-Cookie": "a=1", "content-type": "text/plain", "SET-COOKIE": "b=2"]
        #expect(headers["set-cookie"] == "a=1")
        #expect(headers["Content-Type"] == "text/plain")
        #expect(headers["X-Missing"] == nil)
        #expect(headers.values(for: "Set-Cookie") == ["a=1", "b=2"])
        #expect(headers.values(for: "X-Missing").isEmpty)
        #expect(headers.contains("CONTENT-TYPE"))
        #expect(headers.count == 3)
    }

    @Test func iterationKeepsWireOrderAndSpelling() {
        var headers = HTTPHeaders([(name: "B", value: "1"), (name: "a", value: "2")])
        headers.add("B", "3")
        #expect(headers.map(\.name) == ["B", "a", "B"])
        #expect(headers.map(\.value) == ["1", "2", "3"])
    }

    @Test func setReplacesEveryValueInPlaceOfTheFirst() {
        var headers: HTTPHeaders = ["Accept": "x", "Vary": "a", "accept": "y"]
        headers.set("ACCEPT", "z")
        #expect(headers.map(\.name) == ["ACCEPT", "Vary"])
        #expect(headers.values(for: "accept") == ["z"])
        headers.set("New", "n")
        #expect(headers.map(\.name) == ["ACCEPT", "Vary", "New"])
    }

    @Test func removeDropsEveryMatchingField() {
        var headers: HTTPHeaders = ["Vary": "a", "Keep": "k", "VARY": "b"]
        headers.remove("vary")
        #expect(headers.map(\.name) == ["Keep"])
        #expect(!headers.contains("Vary"))
        #expect(headers.contains("keep"))

        var mixed: HTTPHeaders = ["A": "1", "b": "2", "a": "3"]
        mixed.remove("A")
        #expect(mixed.map(\.name) == ["b"])
    }

    @Test func equalityComparesNamesCaseInsensitivelyAndValuesExactly() {
        let base: HTTPHeaders = ["A": "x"]
        #expect(base == ["a": "x"])
        #expect(base != ["A": "X"])
        #expect((["A": "1", "B": "2"] as HTTPHeaders) != ["B": "2", "A": "1"])
        #expect(base != ["A": "x", "A": "x"])
    }

    @Test func nonASCIINamesAreNotFoldedBeyondASCII() {
        let headers: HTTPHeaders = ["X-É": "1"]
        #expect(headers["x-É"] == "1")
        #expect(headers["x-é"] == nil)
    }

    @Test func namesMustMatchWholly() {
        let headers: HTTPHeaders = ["Content-Length": "1"]
        #expect(headers["Content-Lengt"] == nil)
        #expect(headers["Content-Length2"] == nil)
        #expect(headers[""] == nil)
    }
}
