import ErrorCore
import Foundation
import Testing

@Suite struct RedactorTests {
    let redactor = Redactor.standard

    @Test(arguments: [
        "apikey", "APIKEY", "Authorization", "authorization", "Proxy-Authorization", "DPoP", "dpop", "X-User-Token",
        "x-user-token", "Cookie", "Set-Cookie", "X-Api-Key",
    ])
    func sensitiveHeadersAreMasked(name: String) {
        let masked = redactor.redact(header: name, value: "s3cret-value")
        #expect(!masked.contains("s3cret"))
        #expect(masked.hasSuffix("<redacted>"))
    }

    @Test func authorizationKeepsOnlyItsScheme() {
        #expect(redactor.redact(header: "Authorization", value: "Bearer eyJhbGciOi.x.y") == "Bearer <redacted>")
        #expect(redactor.redact(header: "authorization", value: "DPoP abc") == "DPoP <redacted>")
        #expect(redactor.redact(header: "Authorization", value: "rawtoken") == "<redacted>")
        #expect(redactor.redact(header: "Authorization", value: " leading") == "<redacted>")
        #expect(redactor.redact(header: "Authorization", value: "a=b c") == "<redacted>")
    }

    @Test func ordinaryHeadersAreKept() {
        #expect(redactor.redact(header: "X-Request-Id", value: "req_1") == "req_1")
        #expect(redactor.redact(header: "X-PoW-Nonce", value: "12345") == "12345")
        #expect(
            redactor.redactedHeaders(["Content-Type": "application/json", "apikey": "k"])
                == ["Content-Type": "application/json", "apikey": "<redacted>"])
        let pairs = redactor.redactedHeaders([(name: "Set-Cookie", value: "a=1"), (name: "Set-Cookie", value: "b=2")])
        #expect(pairs.map(\.value) == ["<redacted>", "<redacted>"])
    }

    /// Verdicts are remembered by name; the memo starting over, names too long to remember, and asking
    /// twice all give the rule's answer.
    @Test func rememberedVerdictsMatchTheRule() {
        for index in 0..<5000 { #expect(!redactor.isSensitiveName("field\(index)")) }
        let long = String(repeating: "order", count: 20) + "_token"
        for _ in 0..<2 {
            #expect(redactor.isSensitiveName("access_token"))
            #expect(!redactor.isSensitiveName("shipping"))
            #expect(redactor.isSensitiveName(long))
            #expect(!redactor.isSensitiveName(String(repeating: "order", count: 20)))
        }
    }

    @Test func extraNamesExtendTheRules() {
        // Names the word rule leaves readable, so only the extras can mask them; either list masks both
        // headers and fields, in any spelling.
        let custom = Redactor(extraHeaders: ["X-Purse-Nonce"], extraFields: ["merchantRef"])
        #expect(redactor.redact(header: "x-purse-nonce", value: "v") == "v")
        #expect(custom.redact(header: "x-purse-nonce", value: "v") == "<redacted>")
        #expect(custom.redactedText("x_purse_nonce=1") == "x_purse_nonce=<redacted>")
        #expect(redactor.redactedText("merchant_ref=123456") == "merchant_ref=123456")
        #expect(custom.redactedText("merchant_ref=123456") == "merchant_ref=<redacted>")
        #expect(custom.redact(header: "Merchant-Ref", value: "v") == "<redacted>")
        #expect(custom.isSensitiveField("password"))
    }

    @Test func urlParametersUserInfoAndFragmentsAreMasked() throws {
        let url = try #require(
            URL(
                string: "https://user:pa55@h.example/cb?code=abc&access_token=T1&accessToken=T2&page=2"
                    + "&access%5Ftoken=T3&new_password=T4#id_token=T5&state=s"))
        let text = redactor.redactedURL(url)
        #expect(
            text
                == "https://user:<redacted>@h.example/cb?code=abc&access_token=<redacted>&accessToken=<redacted>"
                + "&page=2&access%5Ftoken=<redacted>&new_password=<redacted>#id_token=<redacted>&state=s")
        #expect(redactor.redactedURL("http://h/todos?page=1") == "http://h/todos?page=1")
        #expect(redactor.redactedURL("http://h/p?token") == "http://h/p?token")
    }

    @Test func jsonBodiesAreMaskedAtAnyDepth() throws {
        let body = #"""
            {"email":"a@b.c","password":"P1","data":{"access_token":"P2","refreshToken":"P3",
             "user":{"id":"u","identities":[{"id_token":"P4","provider":"apple"},[{"Secret":{"nested":"P5"}}]]}},
             "token":12345,"code_verifier":["P6"],"note":"{\"password\":\"P7\"}","form":"a=1&client_secret=P8"}
            """#
        let text = redactor.redactedBody(Data(body.utf8), contentType: "application/json")
        for secret in ["P1", "P2", "P3", "P4", "P5", "12345", "P6", "P7", "P8"] {
            #expect(!text.contains(secret), "\(secret) survived in \(text)")
        }
        #expect(text.contains(#""email":"a@b.c""#))
        #expect(text.contains(#""provider":"apple""#))
        #expect(text.contains(#""password":"<redacted>""#))
        // A session, like any sensitive name, goes whole, whatever it holds.
        let session = redactor.redactedBody(Data(#"{"session":{"user":{"provider":"apple"}},"id":"u"}"#.utf8))
        #expect(session == #"{"id":"u","session":"<redacted>"}"#)
    }

    @Test(arguments: [
        #"{"password":"hunter2", broken"#,
        #"{"user":{"password" : "hunter2"}"#,
        #"garbage "password":"hunter2" more"#,
        #"{'password': 'hunter2'}"#,
        #"{"password":"hunter2"#,
        #"{"password":hunter2}"#,
        #"{"nested":"{\"password\":\"hunter2\"}"#,
        #"{"token":{"value":"hunter2"},"x":1"#,
        "username=me&password=hunter2&remember=true",
        "grant_type=refresh&refresh_token=hunter2",
        "password: hunter2",
        #"{"accessToken":["hunter2"]"#,
    ])
    func textThatIsNotJSONIsMaskedToo(body: String) {
        let text = redactor.redactedBody(Data(body.utf8), contentType: "text/plain")
        #expect(!text.contains("hunter2"), "\(text)")
        #expect(text.contains("<redacted>"))
    }

    @Test func booleansAndNullsUnderSensitiveNamesAreKept() {
        let text = redactor.redactedBody(
            Data(#"{"has_password":true,"token":null,"user_password":"P1","otp":{"mfa_token":"P2"}}"#.utf8))
        #expect(
            text == #"{"has_password":true,"otp":"<redacted>","token":null,"user_password":"<redacted>"}"#
        )
    }

    @Test func escapedQuotesInsideAValueDoNotEndTheMask() {
        let text = redactor.redactedText(#"{"password":"a\"b hunter2","next":"kept"} x"#)
        #expect(!text.contains("hunter2"))
        #expect(text.contains(#""next":"kept""#))
    }

    @Test func bodiesAreTruncatedWithTheirSize() {
        let json =
            "{\"items\":[" + Array(repeating: #"{"name":"item","password":"P"}"#, count: 500).joined(separator: ",")
            + "]}"
        let text = redactor.redactedBody(Data(json.utf8))
        #expect(text.hasSuffix("…(\(json.utf8.count) bytes)"))
        #expect(text.utf8.count <= 2048 + "…(\(json.utf8.count) bytes)".utf8.count)
        #expect(!text.contains(#""password":"P""#))

        let plain = String(repeating: "é", count: 3000)
        let cut = redactor.redactedBody(Data(plain.utf8))
        #expect(cut.hasPrefix(String(repeating: "é", count: 1024)))
        #expect(cut.hasSuffix("…(6000 bytes)"))

        #expect(redactor.redactedBody(Data(#"{"a":1}"#.utf8)) == #"{"a":1}"#)
        #expect(redactor.redactedBody(Data()) == "")
    }

    @Test func largeJSONIsMaskedAsTextFromItsPrefix() {
        let filler = String(repeating: "x", count: 300 * 1024)
        let json = #"{"password":"hunter2","filler":"\#(filler)"}"#
        let text = redactor.redactedBody(Data(json.utf8))
        #expect(!text.contains("hunter2"))
        #expect(text.hasSuffix("…(\(json.utf8.count) bytes)"))
    }

    @Test func binaryAndMultipartBodiesAreSummarized() {
        #expect(redactor.redactedBody(Data([0x89, 0x50, 0x4E, 0x47, 0x00, 0xFF])) == "<binary, 6 bytes>")
        #expect(redactor.redactedBody(Data("a\u{0}b".utf8)) == "<binary, 3 bytes>")
        let multipart = Data("--b\r\nContent-Disposition: form-data; name=\"password\"\r\n\r\nhunter2\r\n--b--".utf8)
        #expect(
            redactor.redactedBody(multipart, contentType: "multipart/form-data; boundary=b")
                == "<multipart, \(multipart.count) bytes>")
    }

    @Test func fieldNamesMatchInEverySpelling() {
        for name in [
            "access_token", "accessToken", "ACCESS-TOKEN", "AccessToken", "sessionSecret", "session_secret",
            "newPassword", "currentPassword", "codeVerifier", "idToken", "refreshToken", "secret", "token", "password",
        ] {
            #expect(redactor.isSensitiveField(name), "\(name)")
        }
        for name in ["db_password", "webhookSecret", "csrf-token", "pushToken"] {
            #expect(redactor.isSensitiveField(name), "\(name)")
        }
        // Names that contain a secret word are masked whatever follows it (issue 18 §5).
        for name in ["tokenType", "token_type", "passwordPolicy"] {
            #expect(redactor.isSensitiveField(name), "\(name)")
        }
        for name in ["code", "email", "expires_in", "id"] {
            #expect(!redactor.isSensitiveField(name), "\(name)")
        }
    }
}
