import ErrorCore
import Foundation
import TestSupport
import Testing

@testable import SDKTransport

@Suite struct RequestPreflightTests {
    func failure(_ url: String, method: String = "GET", headers: HTTPHeaders = [:]) -> TransportError? {
        do {
            try RequestPreflight.check(HTTPRequest(method: method, url: URL(string: url)!, headers: headers))
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: [
        "http://x.invalid/", "http://X.INVALID/", "http://invalid/", "http://a.b.invalid./", "https://Invalid.",
    ])
    func invalidTopLevelDomainNeverResolves(url: String) {
        #expect(failure(url)?.code == .cannotFindHost)
        #expect(failure(url)?.requestSent == false)
    }

    @Test(arguments: [
        "http://notinvalid/", "http://x-invalid/", "http://invalid.example/", "http://example.com/",
        "HTTPS://127.0.0.1:8/", "http://invalid.invalidx/",
    ])
    func ordinaryHostsPass(url: String) {
        #expect(failure(url) == nil)
    }

    /// The fast reading of a URL's host agrees with the URL's own accessors wherever it answers, and answers
    /// for the ordinary URLs every request has: URLs assembled at random from awkward parts, seeded.
    @Test func theFastHostReadingAgreesWithTheURLsAccessors() {
        let schemes = ["http", "HTTP", "https", "HtTpS", "httpx", "ftp", "ws", "http:", "https:/", "h"]
        let separators = ["://", ":/", ":", "://", "://"]
        let userInfo = ["", "", "", "user@", "u:p@", "@", "a%40b@"]
        let hosts = [
            "example.com", "a.b.c", "127.0.0.1", "[::1]", "x.invalid", "X.INVALID.", "invalid", "notinvalid",
            "xn--bcher-kva.example", "under_score.example", "%65xample.com", "ex%41mple", "", "host.", "a-b", "-a",
            "a..b", "h\u{e9}te.example", "0x7f.1", "localhost", "a.invalid.example", "sub.Invalid",
        ]
        let ports = ["", "", ":80", ":65535", ":", ":0", ":08", ":x"]
        let rests = ["", "/", "/a/b", "/%20x", "?q=1", "#f", "/a?b#c", "//double", "/a:b", "?@", "/invalid"]
        var random = SplitMix64(seed: 0x5EED_0F_0A57)
        var answered = 0
        var compared = 0
        for _ in 0..<5_000 {
            let text =
                schemes.randomElement(using: &random)! + separators.randomElement(using: &random)!
                + userInfo.randomElement(using: &random)! + hosts.randomElement(using: &random)!
                + ports.randomElement(using: &random)! + rests.randomElement(using: &random)!
            guard let url = URL(string: text) else { continue }
            compared += 1
            guard let range = RequestPreflight.ordinaryHost(in: url.absoluteString) else { continue }
            let host = String(decoding: Array(url.absoluteString.utf8)[range], as: UTF8.self)
            answered += 1
            // A non-ASCII host is written IDNA-encoded into the URL's string (what curl is given) but comes
            // back percent-encoded from `host(percentEncoded:)`: the two agree on every decision made here
            // (non-empty, not under .invalid), and on the spelling wherever the accessor's is plain.
            if let accessor = url.host(percentEncoded: true), !accessor.contains("%") {
                #expect(host == accessor, "\(text)")
            }
            #expect(["http", "https"].contains(url.scheme?.lowercased() ?? ""), "\(text)")
            #expect(failure(url.absoluteString) == nil, "\(text)")
        }
        #expect(compared > 2_000)
        #expect(answered > 200)
        for ordinary in ["http://127.0.0.1:8080/item", "https://api.example.com/v1/x?y=1#z", "HTTP://Example.COM"] {
            #expect(RequestPreflight.ordinaryHost(in: ordinary) != nil)
        }
    }

    /// The one-loop reading agrees byte for byte with the straightforward one it replaced (kept below as
    /// the reference) on strings built at random from URL pieces and stray bytes, most of them not URLs.
    @Test func theFastHostReadingAgreesWithAPlainReading() {
        let pieces = [
            "http", "HTTP", "https", "hTtPs", "htt", "httpss", "s", ":", "/", "//", "://", "?", "#", "@", "%41",
            "example.com", "127.0.0.1", "invalid", ".invalid", ".INVALID.", "x-y", "_", "[::1]", ":8080", ":",
            "0", "é", " ", "\u{0}", "\t",
        ]
        var random = SplitMix64(seed: 0xD1FF_0F_4057)
        var answered = 0
        for _ in 0..<20_000 {
            var text = ""
            for _ in 0..<Int.random(in: 1...7, using: &random) { text += pieces.randomElement(using: &random)! }
            // Half of them start as a URL does, so the host and port stages get most of the cases.
            let starts = ["http://", "HTTPS://", "https://", "http:/"]
            if Bool.random(using: &random) { text = starts.randomElement(using: &random)! + text }
            let fast = RequestPreflight.ordinaryHost(in: text)
            #expect(fast == Self.plainOrdinaryHost(in: text), "\(text.debugDescription)")
            if fast != nil { answered += 1 }
        }
        #expect(answered > 1_000)
    }

    /// The reading ``RequestPreflight/ordinaryHost(in:)`` had before, byte by byte through an iterator.
    static func plainOrdinaryHost(in url: String) -> Range<Int>? {
        let bytes = Array(url.utf8)
        var index = 0
        func next() -> UInt8? {
            defer { index += 1 }
            return index < bytes.count ? bytes[index] : nil
        }
        for expected in "http".utf8 {
            guard let byte = next(), byte | 0x20 == expected else { return nil }
        }
        var byte = next()
        if let letter = byte, letter | 0x20 == UInt8(ascii: "s") { byte = next() }
        guard byte == UInt8(ascii: ":"), next() == UInt8(ascii: "/"), next() == UInt8(ascii: "/") else { return nil }
        let hostStart = index
        var host = ""
        byte = next()
        while let hostByte = byte, hostByte < 0x80,
            Character(UnicodeScalar(hostByte)).isLetter || Character(UnicodeScalar(hostByte)).isNumber
                || hostByte == UInt8(ascii: ".") || hostByte == UInt8(ascii: "-")
        {
            host.append(Character(UnicodeScalar(hostByte)))
            byte = next()
        }
        let hostEnd = index - 1
        guard hostEnd > hostStart else { return nil }
        if byte == UInt8(ascii: ":") {
            byte = next()
            while let digit = byte, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) { byte = next() }
        }
        switch byte {
        case nil, UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"): break
        default: return nil
        }
        let lastLabel = host.hasSuffix(".") ? host.dropLast() : Substring(host)
        let label = lastLabel.split(separator: ".", omittingEmptySubsequences: false).last ?? ""
        return label.lowercased() == "invalid" ? nil : hostStart..<hostEnd
    }

    @Test(arguments: ["GET ", "", "PO\u{0}ST", "GÉT", "a(b)"])
    func methodMustBeAToken(method: String) {
        #expect(failure("http://example.com/", method: method)?.code == .badURL)
    }

    @Test func fieldNamesMustBeTokensAndValuesFreeOfLineBreaks() {
        #expect(failure("http://example.com/", headers: ["Bad Name": "v"])?.code == .badURL)
        #expect(failure("http://example.com/", headers: ["X": "a\nb"])?.code == .badURL)
        #expect(failure("http://example.com/", headers: ["X": "a\u{0}b"])?.code == .badURL)
        #expect(failure("http://example.com/", headers: ["X": "tab\tand spaces are fine"]) == nil)
    }

    @Test func idempotencyFollowsRFC9110PlusQuery() {
        for method in ["GET", "HEAD", "OPTIONS", "TRACE", "PUT", "DELETE", "QUERY"] {
            #expect(RequestPreflight.isIdempotent(method))
        }
        for method in ["POST", "PATCH", "CONNECT", "get"] {
            #expect(!RequestPreflight.isIdempotent(method))
        }
    }
}
