import EmulatorPalbase
import EmulatorTestSupport
import ErrorCore
import Foundation
import Palbe
import Testing

/// `Palbase-Info.plist`: what it must hold, where it is looked for, and what a bad one throws.
@Suite struct ConfigurationTests {
    private static func plist(
        _ values: [String: Any], format: PropertyListSerialization.PropertyListFormat = .xml
    ) throws -> Data {
        try PropertyListSerialization.data(fromPropertyList: values, format: format, options: 0)
    }

    @Test(arguments: [PropertyListSerialization.PropertyListFormat.xml, .binary])
    func readsEveryKey(_ format: PropertyListSerialization.PropertyListFormat) throws {
        let data = try Self.plist(
            [
                "base_url": "http://127.0.0.1:54321", "api_key": "pk_test", "environment": "staging",
                "sealing_key": "BASE64URL", "oauth_redirect_uri": "com.example.app:/oauth",
            ], format: format)
        let configuration = try PalbeConfiguration(infoPlist: data)
        #expect(configuration.baseURL.absoluteString == "http://127.0.0.1:54321")
        #expect(configuration.apiKey == "pk_test")
        #expect(configuration.environment == "staging")
        #expect(configuration.sealingKey == "BASE64URL")
        #expect(configuration.oauthRedirectURI == "com.example.app:/oauth")
    }

    @Test func optionalKeysDefault() throws {
        let configuration = try PalbeConfiguration(
            infoPlist: try Self.plist(["base_url": "https://api.example.com/", "api_key": "k"]))
        #expect(configuration.environment == "local")
        #expect(configuration.sealingKey == nil)
        #expect(configuration.oauthRedirectURI == nil)
    }

    @Test(
        arguments: [
            ["api_key": "k"], ["base_url": "", "api_key": "k"], ["base_url": "not a url", "api_key": "k"],
            ["base_url": "ftp://example.com", "api_key": "k"], ["base_url": "http://h/?q=1", "api_key": "k"],
            ["base_url": 42, "api_key": "k"],
        ] as [[String: any Sendable]])
    func unusableBaseURLIsMissingConfig(_ values: [String: any Sendable]) throws {
        #expect(throws: AppConfigError.missingConfig) {
            try PalbeConfiguration(infoPlist: try Self.plist(values))
        }
    }

    @Test(arguments: [[:], ["api_key": ""], ["api_key": "   "], ["api_key": 7]] as [[String: any Sendable]])
    func missingAPIKeyIsMissingAPIKey(_ values: [String: any Sendable]) throws {
        var plist: [String: Any] = ["base_url": "http://127.0.0.1:1"]
        plist.merge(values) { $1 }
        #expect(throws: AppConfigError.missingAPIKey) {
            try PalbeConfiguration(infoPlist: try Self.plist(plist))
        }
    }

    /// The native sign-in snapshot (`oauth`), as `palbase link` and `sdk emulator plist` write it.
    nonisolated(unsafe) static let snapshot: [String: Any] = [
        "google": [
            "mode": "native", "issuer": "https://accounts.google.com",
            "client_id": "123-ios.apps.googleusercontent.com",
            "redirect_uri": "com.googleusercontent.apps.123-ios:/oauth2redirect",
        ],
        "apple": ["mode": "native", "issuer": "https://appleid.apple.com", "client_id": "com.example.app"],
        "microsoft": [
            "mode": "native", "issuer": "http://127.0.0.1:54321/__providers/microsoft", "client_id": "6f1c-app",
            "redirect_uri": "msauth.com.example.app://auth",
        ],
        "github": ["mode": "browser"],
        "someday": ["mode": "native"],  // a newer backend's provider: ignored
    ]

    @Test func readsTheNativeSignInSnapshot() throws {
        let configuration = try PalbeConfiguration(
            infoPlist: try Self.plist(["base_url": "http://127.0.0.1:1", "api_key": "k", "oauth": Self.snapshot]))
        #expect(Set(configuration.nativeOAuth.keys) == [.google, .apple, .microsoft])
        let google = try #require(configuration.nativeOAuth[.google])
        #expect(google.clientID == "123-ios.apps.googleusercontent.com")
        #expect(google.redirectURI?.absoluteString == "com.googleusercontent.apps.123-ios:/oauth2redirect")
        #expect(configuration.nativeOAuth[.apple]?.redirectURI == nil)
        #expect(configuration.nativeOAuth[.microsoft]?.issuer.absoluteString.hasPrefix("http://127.0.0.1") == true)
    }

    /// Each unusable entry is refused when the plist is read, naming its key. The `oauth` value is given as
    /// JSON, turned into the plist's dictionary.
    @Test(
        arguments: [
            ("oauth", #""not a dictionary""#),
            ("oauth.google", #"{"google": "native"}"#),
            ("oauth.google.mode", #"{"google": {"mode": "web"}}"#),
            ("oauth.github.mode", #"{"github": {"mode": "native", "issuer": "https://github.com", "client_id": "x"}}"#),
            ("oauth.google.issuer", #"{"google": {"mode": "native", "client_id": "x", "redirect_uri": "a:/b"}}"#),
            (
                "oauth.google.issuer",
                #"{"google": {"mode": "native", "issuer": "http://accounts.google.com", "client_id": "x", "redirect_uri": "a:/b"}}"#
            ),
            (
                "oauth.google.client_id",
                #"{"google": {"mode": "native", "issuer": "https://accounts.google.com", "client_id": " ", "redirect_uri": "a:/b"}}"#
            ),
            (
                "oauth.google.redirect_uri",
                #"{"google": {"mode": "native", "issuer": "https://accounts.google.com", "client_id": "x"}}"#
            ),
            ("oauth.apple.client_id", #"{"apple": {"mode": "native", "issuer": "https://appleid.apple.com"}}"#),
        ])
    func anUnusableSnapshotNamesItsKey(key: String, oauth: String) throws {
        let value = try JSONSerialization.jsonObject(with: Data(oauth.utf8), options: .fragmentsAllowed)
        #expect(throws: AppConfigError.invalidOAuthConfig(key: key)) {
            try PalbeConfiguration(
                infoPlist: try Self.plist(["base_url": "http://127.0.0.1:1", "api_key": "k", "oauth": value]))
        }
        #expect(AppConfigError.invalidOAuthConfig(key: key).message.contains(key))
    }

    @Test(arguments: [Data(), Data("not a plist".utf8), Data("<plist><array/></plist>".utf8)])
    func unreadablePlistIsMissingConfig(_ data: Data) {
        #expect(throws: AppConfigError.missingConfig) { try PalbeConfiguration(infoPlist: data) }
    }

    @Test func lookupOrderIsEnvironmentThenWorkingDirectoryThenBundle() throws {
        try withTemporaryDirectory { directory in
            let explicit = directory.appendingPathComponent("staging.plist")
            try Self.plist(["base_url": "http://explicit", "api_key": "k"]).write(to: explicit)
            let workingDirectory = directory.appendingPathComponent("cwd")
            try FileManager.default.createDirectory(at: workingDirectory, withIntermediateDirectories: true)

            func load(_ environment: [String: String]) throws(AppConfigError) -> String {
                try PalbeConfiguration.fromInfoPlist(
                    environment: environment, workingDirectory: workingDirectory, bundle: Bundle(for: Marker.self)
                ).baseURL.absoluteString
            }
            #expect(throws: AppConfigError.missingConfig) { try load([:]) }
            try Self.plist(["base_url": "http://local", "api_key": "k"])
                .write(to: workingDirectory.appendingPathComponent("Palbase-Info.plist"))
            #expect(try load([:]) == "http://local")
            #expect(try load(["PALBASE_INFO_PLIST": explicit.path]) == "http://explicit")
            // An explicit path that does not exist never falls back to another environment's file.
            #expect(throws: AppConfigError.missingConfig) {
                try load(["PALBASE_INFO_PLIST": directory.appendingPathComponent("nope.plist").path])
            }
        }
    }

    @Test func messagesSayWhatToFix() {
        #expect(AppConfigError.missingConfig.message.contains("Palbase-Info.plist"))
        #expect(AppConfigError.missingAPIKey.message.contains("api_key"))
    }

    @Test func theEmulatorsPlistConfiguresAWorkingClient() async throws {
        try await withPalbe { bed in
            let configuration = try PalbeConfiguration(infoPlist: try bed.emulator.infoPlist())
            #expect(configuration.apiKey == bed.emulator.apiKey)
            #expect(configuration.sealingKey == bed.emulator.sealingPublicKeyBase64URL)
            let client = PalbeClient(configuration: configuration)
            let echo: AnyCodableValue = try await client.call("v1/db/echo", AnyCodableValue.object(["a": 1]))
            #expect(echo["received"]?.stringValue == #"{"a":1}"#)
        }
    }
}

private final class Marker {}
