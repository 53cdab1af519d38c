import HTTPServer
import Testing

@Suite struct HTTPServerHeadersTests {
    @Test func lookupIgnoresCaseAndReturnsTheFirstValue() {
        let headers: HTTPServerHeaders = ["Set-Cookie": "a=1", "content-type": "text/plain", "SET-COOKIE": "b=2"]
        #expect(headers["set-cookie"] == "a=1")
        #expect(headers["Content-Type"] == "text/plain")
        #expect(headers["X-Missing"] == nil)
        #expect(headers.values(for: "Set-Cookie") == ["a=1", "b=2"])
        #expect(headers.values(for: "X-Missing").isEmpty)
        #expect(headers.contains("CONTENT-TYPE"))
        #expect(headers.count == 3)
    }

    @Test func iterationKeepsWireOrderAndSpelling() {
        var headers = HTTPServerHeaders([(name: "B", value: "1"), (name: "a", value: "2")])
        headers.add("B", "3")
        #expect(headers.map(\.name) == ["B", "a", "B"])
        #expect(headers.map(\.value) == ["1", "2", "3"])
    }

    @Test func setReplacesEveryValueInPlaceOfTheFirst() {
        var headers: HTTPServerHeaders = ["Accept": "x", "Vary": "a", "accept": "y"]
        headers.set("ACCEPT", "z")
        #expect(headers.map(\.name) == ["ACCEPT", "Vary"])
        #expect(headers.values(for: "accept") == ["z"])
        headers.set("New", "n")
        #expect(headers.map(\.name) == ["ACCEPT", "Vary", "New"])
    }

    @Test func removeDropsEveryValue() {
        var headers: HTTPServerHeaders = ["A": "1", "b": "2", "a": "3"]
        headers.remove("A")
        #expect(headers.map(\.name) == ["b"])
    }

    @Test func namesMustMatchWholly() {
        let headers: HTTPServerHeaders = ["Content-Length": "1"]
        #expect(headers["Content-Lengt"] == nil)
        #expect(headers["Content-Length2"] == nil)
        #expect(headers[""] == nil)
    }
}
