import Foundation
import Testing

@testable import SDKTransport

/// How the system sheet is told to recognise a redirect, decided before any page is shown.
@Suite struct BrowserRoundTripTests {
    @Test func aCustomSchemeIsListenedForByScheme() throws {
        let listener = try BrowserRoundTrip.listener(for: try #require(URL(string: "MyApp://oauth/callback")))
        #expect(listener == .customScheme("myapp"))
    }

    @Test func anHTTPSRedirectIsListenedForByHostAndPath() throws {
        let redirect = try #require(URL(string: "https://shop.example.com/purse/return?x=1"))
        #expect(try BrowserRoundTrip.listener(for: redirect) == .https(host: "shop.example.com", path: "/purse/return"))
        let bare = try #require(URL(string: "https://shop.example.com"))
        #expect(try BrowserRoundTrip.listener(for: bare) == .https(host: "shop.example.com", path: "/"))
    }

    @Test(arguments: ["http://127.0.0.1:8080/callback", "https:///no-host", "no-scheme/callback"])
    func aRedirectTheSheetCannotCatchIsRefusedWithItsReason(_ spelling: String) throws {
        let redirect = try #require(URL(string: spelling))
        #expect {
            try BrowserRoundTrip.check(redirect: redirect)
        } throws: { error in
            guard case .unusableRedirect(let reason) = error as? BrowserRoundTrip.Failure else { return false }
            return !reason.isEmpty
        }
    }
}
