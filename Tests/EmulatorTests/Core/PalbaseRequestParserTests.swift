import Emulator
import Foundation
import Testing

@testable import EmulatorCore

@Suite struct PalbaseRequestParserTests {
    @Test(arguments: [
        ("/todos", ["todos"]),
        ("/todos/abc%2F1", ["todos", "abc/1"]),
        ("/todos//x/", ["todos", "x"]),
        ("/rooms/caf%C3%A9%20bar", ["rooms", "café bar"]),
        ("/a+b", ["a+b"]),
        ("/", []),
    ])
    func decodesSegments(path: String, expected: [String]) throws {
        #expect(try PalbaseRequestParser.segments(of: path) == expected)
    }

    @Test(arguments: ["/todos/..", "/todos/%2E%2E", "/todos/.", "/todos/%2e", "/todos/%00", "/todos/%ZZ", "/%"])
    func refusesTraversalNulAndBrokenEncoding(path: String) {
        let error = #expect(throws: PalbaseHTTPError.self) { try PalbaseRequestParser.segments(of: path) }
        #expect(error?.status == 400)
        #expect(error?.code == "bad_request")
    }

    @Test func decodesQueryInWireOrder() throws {
        let pairs = try PalbaseRequestParser.query("tag=a&page=2&tag=b%20c&flag&x=1+1&e=")
        #expect(pairs.map(\.name) == ["tag", "page", "tag", "flag", "x", "e"])
        #expect(pairs.map(\.value) == ["a", "2", "b c", "", "1+1", ""])
    }

    @Test func refusesBrokenQueryEncoding() {
        #expect(throws: PalbaseHTTPError.self) { try PalbaseRequestParser.query("a=%G1") }
    }
}
