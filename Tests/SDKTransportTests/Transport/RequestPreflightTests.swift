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
