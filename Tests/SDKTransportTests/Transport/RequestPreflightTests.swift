import ErrorCore
import Foundation
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
