import ErrorCore
import SDKTransport
import Testing

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

    @Test func removeDropsEveryMatchingField() {
        var headers: HTTPHeaders = ["Vary": "a", "Keep": "k", "VARY": "b"]
        headers.remove("vary")
        #expect(headers.map(\.name) == ["Keep"])
        #expect(!headers.contains("Vary"))
        #expect(headers.contains("keep"))
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
}
