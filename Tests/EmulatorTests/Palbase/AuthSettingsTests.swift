import Emulator
import EmulatorTestSupport
import ErrorCore
import Foundation
import Testing

@testable import EmulatorCore
@testable import EmulatorPalbase

@Suite struct AuthSettingsTests {
    static let defaults: AnyCodableValue = [
        "password_min_length": 8, "password_max_length": 64, "confirm_email_required": false,
        "passkey_apple_apps": [], "site_url": nil,
    ]

    @Test func defaultsAreTheContractsAndAWriteReplacesTheDocument() async throws {
        try await withAuthEmulator { auth in
            #expect(try await auth.admin("GET", "settings").json.value == Self.defaults)
            let document: AnyCodableValue = [
                "password_min_length": 12, "password_max_length": 20, "confirm_email_required": true,
                "passkey_apple_apps": ["ABCDE12345.com.example.app"], "site_url": "https://app.example.com",
            ]
            let written = try await auth.admin("PUT", "settings", document)
            #expect(written.status == 200)
            #expect(written.json.value == document)
            #expect(try await auth.admin("GET", "settings").json.value == document)
            // Everything omitted falls back to empty values, not to the previous document.
            let partial = try await auth.admin("PUT", "settings", ["password_max_length": 30])
            #expect(partial.json["password_min_length"].int == 0)
            #expect(partial.json["confirm_email_required"].bool == false)
            #expect(partial.json["passkey_apple_apps"].elements.isEmpty)
            #expect(partial.json["site_url"].isNull)
        }
    }

    @Test func passwordBoundsApplyFromTheNextRequest() async throws {
        try await withAuthEmulator { auth in
            _ = try await auth.admin(
                "PUT", "settings", ["password_min_length": 12, "password_max_length": 14])
            let short = try await auth.post(
                "/auth/signup", ["email": "a@example.com", "password": "elevenchars"], dpop: DPoPKey())
            expectAuthError(short, 400, "password_too_short")
            #expect(short.json["details"][0]["field"].string == "password")
            let long = try await auth.post(
                "/auth/signup", ["email": "a@example.com", "password": "fifteen-chars!!"], dpop: DPoPKey())
            expectAuthError(long, 400, "password_too_long")
            _ = try await auth.signUp("a@example.com", "twelve-chars")
        }
    }

    struct BadWrite: Sendable, CustomTestStringConvertible {
        let name: String
        let document: AnyCodableValue
        let field: String
        var testDescription: String { name }
    }

    @Test(arguments: [
        BadWrite(
            name: "max 0", document: ["password_min_length": 0, "password_max_length": 0], field: "password_max_length"),
        BadWrite(name: "max omitted", document: ["password_min_length": 8], field: "password_max_length"),
        BadWrite(
            name: "min above max", document: ["password_min_length": 10, "password_max_length": 9],
            field: "password_min_length"),
        BadWrite(
            name: "negative min", document: ["password_min_length": -1, "password_max_length": 9],
            field: "password_min_length"),
        BadWrite(name: "max too large", document: ["password_max_length": 5000], field: "password_max_length"),
        BadWrite(
            name: "min not an integer", document: ["password_min_length": "8", "password_max_length": 64],
            field: "password_min_length"),
        BadWrite(
            name: "flag not a boolean", document: ["password_max_length": 64, "confirm_email_required": "yes"],
            field: "confirm_email_required"),
        BadWrite(
            name: "malformed app id", document: ["password_max_length": 64, "passkey_apple_apps": ["com.example.app"]],
            field: "passkey_apple_apps.0"),
        BadWrite(
            name: "lowercase team id",
            document: ["password_max_length": 64, "passkey_apple_apps": ["abcde12345.com.example.app"]],
            field: "passkey_apple_apps.0"),
        BadWrite(
            name: "site url not http", document: ["password_max_length": 64, "site_url": "ftp://example.com"],
            field: "site_url"),
        BadWrite(
            name: "unknown key", document: ["password_max_length": 64, "password_minimum": 3], field: "password_minimum"
        ),
    ])
    func invalidWritesAreRefusedAndChangeNothing(_ write: BadWrite) async throws {
        try await withAuthEmulator { auth in
            let reply = try await auth.admin("PUT", "settings", write.document)
            expectAuthError(reply, 400, "invalid_settings")
            #expect(reply.json["details"].elements.map { $0["field"].string }.contains(write.field))
            #expect(try await auth.admin("GET", "settings").json.value == Self.defaults)
        }
    }

    /// Unknown keys cost little to refuse: ten are named, the rest counted, and an admin body over
    /// 256 KiB is refused before it is parsed. (400,000 unknown keys answered 29 MB.)
    @Test func unknownSettingsAndHugeAdminBodiesAreRefusedCheaply() async throws {
        try await withAuthEmulator { auth in
            var many: [String: AnyCodableValue] = ["password_max_length": 64]
            for index in 0..<50 { many["unknown_\(index)"] = true }
            let reply = try await auth.admin("PUT", "settings", .object(many))
            expectAuthError(reply, 400, "invalid_settings")
            #expect(reply.json["details"].elements.count == 11)
            #expect(reply.body.count < 4_096)

            var huge: [String: AnyCodableValue] = [:]
            for index in 0..<40_000 { huge["unknown_\(index)"] = true }
            let refused = try await auth.admin("PUT", "settings", .object(huge))
            #expect(refused.status == 413)
            #expect(refused.body.count < 4_096)
            #expect(try await auth.admin("GET", "settings").json.value == Self.defaults)
        }
    }

    @Test func theAssociationFilePublishesPasskeyAppleAppsWithoutAnAPIKey() async throws {
        try await withAuthEmulator { auth in
            var anonymous = auth.http
            anonymous.defaultHeaders = [:]
            let empty = try await anonymous.send("GET", "/.well-known/apple-app-site-association")
            #expect(empty.status == 200)
            #expect(empty.text == #"{"webcredentials":{"apps":[]}}"#)
            _ = try await auth.admin(
                "PUT", "settings",
                [
                    "password_max_length": 64,
                    "passkey_apple_apps": ["ABCDE12345.com.example.app", "ABCDE12345.com.example.clip"],
                ])
            let published = try await anonymous.send("GET", "/.well-known/apple-app-site-association")
            #expect(
                published.text
                    == #"{"webcredentials":{"apps":["ABCDE12345.com.example.app","ABCDE12345.com.example.clip"]}}"#)
        }
    }

    @Test func emailedLinksUseTheSiteURL() async throws {
        try await withAuthEmulator { auth in
            _ = try await auth.admin(
                "PUT", "settings", ["password_max_length": 64, "site_url": "https://app.example.com/"])
            _ = try await auth.post("/auth/magic-link", ["email": "dev@example.com"])
            let mail = try await auth.inbox(to: "dev@example.com", kind: "magic_link")
            let token = try #require(mail["token"])
            #expect(mail["link"] == "https://app.example.com/auth/confirm?type=magic_link&token=\(token)")
        }
    }

    @Test func theClockOffsetIsReadableAndResetClearsIt() async throws {
        try await withAuthEmulator { auth in
            #expect(try await auth.admin("GET", "clock").json["offset_seconds"].int == 0)
            try await auth.setClockOffset(7200)
            let clock = try await auth.admin("GET", "clock").json
            #expect(clock["offset_seconds"].int == 7200)
            let now = try #require(clock["now"].string.flatMap(ISO8601Timestamp.date(from:)))
            #expect(abs(now.timeIntervalSinceNow - 7200) < 60)
            expectAuthError(try await auth.admin("PUT", "clock", ["offset_seconds": "soon"]), 400, "bad_request")

            _ = try await auth.signUp("dev@example.com")
            #expect(try await auth.http.send("POST", "/__emulator/reset").status == 204)
            #expect(try await auth.admin("GET", "clock").json["offset_seconds"].int == 0)
            #expect(try await auth.admin("GET", "users").json["users"].elements.isEmpty)
            try await auth.setClockOffset(10)
            #expect(try await auth.admin("DELETE", "clock").status == 204)
            #expect(try await auth.admin("GET", "clock").json["offset_seconds"].int == 0)
        }
    }

    @Test func theAuthAdminAPIIs404WithoutTheServiceAnd405ForAWrongMethod() async throws {
        try await withEmulator { _, client in
            let reply = try await client.send("GET", "/__emulator/auth/settings")
            #expect(reply.status == 404)
        }
        try await withAuthEmulator { auth in
            let reply = try await auth.admin("POST", "settings", [:])
            expectAuthError(reply, 405, "method_not_allowed")
            #expect(reply.header("Allow") == "GET, PUT")
            expectAuthError(try await auth.admin("GET", "users/unknown"), 404, "not_found")
        }
    }
}
