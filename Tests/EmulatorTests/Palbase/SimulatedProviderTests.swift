import Emulator
import EmulatorTestSupport
import ErrorCore
import Foundation
import SDKCrypto
import Testing

@testable import EmulatorCore
@testable import EmulatorPalbase

/// The simulated OpenID providers at `/__providers/<provider>`, over real HTTP and without an `apikey`.
@Suite struct SimulatedProviderTests {
    @Test(arguments: NativeOAuthClients.simulated)
    func discoveryAndJWKSDescribeTheProvider(provider: OAuthProvider) async throws {
        try await withAuthEmulator { auth in
            let client = auth.provider(provider)
            let discovery = try await client.get("/.well-known/openid-configuration")
            #expect(discovery.status == 200)
            #expect(discovery.header("Content-Type") == "application/json")
            let expected: AnyCodableValue = [
                "issuer": .string(client.issuer), "authorization_endpoint": .string(client.issuer + "/authorize"),
                "token_endpoint": .string(client.issuer + "/token"), "jwks_uri": .string(client.issuer + "/jwks"),
                "response_types_supported": ["code"], "subject_types_supported": ["public"],
                "id_token_signing_alg_values_supported": ["ES256"], "code_challenge_methods_supported": ["S256"],
                "scopes_supported": ["openid", "email", "profile"],
            ]
            #expect(SampleJSON.parse(discovery.body) == expected)

            let jwks = try await client.get("/jwks")
            #expect(jwks.status == 200)
            let keys = SampleJSONView(json: jwks.body)["keys"].elements
            try #require(keys.count == 1)
            let key = keys[0]
            #expect(Set(key.members.keys) == ["kty", "crv", "x", "y", "kid", "alg", "use"])
            #expect(key["kty"].string == "EC" && key["crv"].string == "P-256")
            #expect(key["alg"].string == "ES256" && key["use"].string == "sig")
            #expect(!(key["kid"].string ?? "").isEmpty)
            let publicKey = try P256PublicKey(
                jwk: .init(kty: "EC", crv: "P-256", x: key["x"].string ?? "", y: key["y"].string ?? ""))
            #expect(publicKey.x963Representation.count == 65)
        }
    }

    @Test func eachProviderHasAKeyOfItsOwnAndGitHubIsNoneOfThem() async throws {
        try await withAuthEmulator { auth in
            var kids: Set<String> = []
            for provider in NativeOAuthClients.simulated {
                let jwks = try await auth.provider(provider).get("/jwks")
                kids.insert(SampleJSONView(json: jwks.body)["keys"][0]["kid"].string ?? "")
            }
            #expect(kids.count == 3)
            for path in ["github/jwks", "github/.well-known/openid-configuration", "myspace/jwks", "google/userinfo"] {
                let response = try await auth.provider(.google).http.send("GET", "/__providers/" + path)
                #expect(response.status == 404, "\(path)")
            }
            #expect(try await auth.provider(.google).tokenRaw("", contentType: "text/plain").status == 400)
            #expect(try await auth.provider(.google).http.send("GET", "/__providers/google/token").status == 405)
            let head = try await auth.provider(.google).http.send("HEAD", "/__providers/google/authorize")
            #expect(head.status == 405)
            #expect(head.header("Allow") == "GET")
        }
    }

    @Test(arguments: NativeOAuthClients.simulated)
    func anApprovedCodeRedeemsForAnIDTokenWithTheContractsClaims(provider: OAuthProvider) async throws {
        try await withAuthEmulator { auth in
            let client = auth.provider(provider)
            let authorization = client.authorization(nonce: "nonce-\(provider.rawValue)-é/+")
            let code = try await client.approve(authorization, email: "Person@Example.com")
            #expect(code.hasPrefix("pvc_"))
            let response = try await client.token(client.redemption(authorization, code: code))
            #expect(response.status == 200, "\(response.text)")
            #expect(response.header("Cache-Control") == "no-store")
            let answer = SampleJSONView(json: response.body)
            #expect(answer["access_token"].string?.hasPrefix("pva_") == true)
            #expect(answer["token_type"].string == "Bearer")
            #expect(answer["expires_in"].int == 3600)

            let token = try DecodedIDToken(try #require(answer["id_token"].string))
            let jwks = SampleJSONView(json: try await client.get("/jwks").body)
            #expect(
                token.header.members == [
                    "alg": "ES256", "kid": .string(jwks["keys"][0]["kid"].string ?? ""), "typ": "JWT",
                ])
            let claims = token.claims
            #expect(
                Set(claims.members.keys) == ["iss", "aud", "sub", "email", "email_verified", "iat", "exp", "nonce"])
            #expect(claims["iss"].string == client.issuer)
            #expect(claims["aud"].string == client.clientID)
            #expect(claims["email"].string == "person@example.com")
            #expect(claims["email_verified"].bool == true)
            #expect(claims["nonce"].string == authorization.nonce)
            #expect(claims["sub"].string?.hasPrefix("sim_") == true)
            let issuedAt = try #require(claims["iat"].int)
            #expect(claims["exp"].int == issuedAt + 600)
            // The service clock: within the hour a loaded machine could take, never another epoch.
            #expect(abs(Double(issuedAt) - Date().timeIntervalSince1970) < 3600)
            // Apple posts the name only with its first authorization; the others never.
            #expect(answer["user"].exists == (provider == .apple))
        }
    }

    @Test func theSubjectIsStablePerEmailAndCanBeChosen() async throws {
        try await withAuthEmulator { auth in
            let client = auth.provider(.google)
            var subjects: [String?] = []
            for (email, subject) in [("same@example.com", nil), ("same@example.com", nil), ("same@example.com", "g-7")]
            {
                let answer = try await client.signIn(nonce: "n", email: email, subject: subject)
                subjects.append(try DecodedIDToken(answer["id_token"].string ?? "").claims["sub"].string)
            }
            #expect(subjects[0] == subjects[1])
            #expect(subjects[2] == "g-7")
            let defaulted = try await client.signIn(nonce: "n")
            #expect(
                try DecodedIDToken(defaulted["id_token"].string ?? "").claims["email"].string
                    == "google-user@example.com")
        }
    }

    @Test func theTokenEndpointRefusesWhatIsNotTheCodesRedemption() async throws {
        try await withAuthEmulator { auth in
            let client = auth.provider(.google)
            func refused(
                _ change: (inout [String: String]) -> Void, sourceLocation: SourceLocation = #_sourceLocation
            ) async throws -> EmulatorTestResponse {
                let authorization = client.authorization()
                let code = try await client.approve(authorization)
                var fields = client.redemption(authorization, code: code)
                change(&fields)
                let response = try await client.token(fields)
                // Spent by that first presentation, whatever its outcome: the right request fails after it.
                let again = try await client.token(client.redemption(authorization, code: code))
                #expect(again.status == 400, sourceLocation: sourceLocation)
                #expect(
                    SampleJSONView(json: again.body)["error"].string == "invalid_grant", sourceLocation: sourceLocation)
                return response
            }
            let cases: [(String, (inout [String: String]) -> Void)] = [
                ("another verifier", { $0["code_verifier"] = Base64URL.encode(SecureRandom.bytes(32)) }),
                ("another redirect", { $0["redirect_uri"] = "com.googleusercontent.apps.emulator-ios:/other" }),
                ("another client", { $0["client_id"] = "someone-else.apps.googleusercontent.com" }),
            ]
            for (name, change) in cases {
                let response = try await refused(change)
                #expect(response.status == 400, "\(name)")
                #expect(SampleJSONView(json: response.body)["error"].string == "invalid_grant", "\(name)")
                #expect(!(SampleJSONView(json: response.body)["error_description"].string ?? "").isEmpty)
            }

            let authorization = client.authorization()
            let code = try await client.approve(authorization)
            #expect(try await client.token(client.redemption(authorization, code: code)).status == 200)
            let reused = try await client.token(client.redemption(authorization, code: code))
            #expect(SampleJSONView(json: reused.body)["error"].string == "invalid_grant")
            let unknown = try await client.token(client.redemption(authorization, code: "pvc_unknown"))
            #expect(SampleJSONView(json: unknown.body)["error"].string == "invalid_grant")

            // A Google code is no Microsoft code.
            let other = client.authorization()
            let googleCode = try await client.approve(other)
            var atMicrosoft = client.redemption(other, code: googleCode)
            atMicrosoft["client_id"] = NativeOAuthClients.clientID(for: .microsoft)
            let crossed = try await auth.provider(.microsoft).token(atMicrosoft)
            #expect(SampleJSONView(json: crossed.body)["error"].string == "invalid_grant")
        }
    }

    @Test func anExpiredCodeIsInvalidGrant() async throws {
        try await withAuthEmulator { auth in
            let client = auth.provider(.microsoft)
            let authorization = client.authorization()
            let code = try await client.approve(authorization)
            try await auth.setClockOffset(601)
            let response = try await client.token(client.redemption(authorization, code: code))
            #expect(response.status == 400)
            #expect(SampleJSONView(json: response.body)["error"].string == "invalid_grant")
        }
    }

    @Test func malformedTokenRequestsAreInvalidRequestOrUnsupportedGrant() async throws {
        try await withAuthEmulator { auth in
            let client = auth.provider(.google)
            let authorization = client.authorization()
            let code = try await client.approve(authorization)
            let fields = client.redemption(authorization, code: code)
            func error(_ response: EmulatorTestResponse) -> String? {
                response.status == 400
                    ? SampleJSONView(json: response.body)["error"].string : "status \(response.status)"
            }
            #expect(error(try await client.token(fields, contentType: "application/json")) == "invalid_request")
            for name in fields.keys.sorted() {
                var missing = fields
                missing[name] = nil
                #expect(error(try await client.token(missing)) == "invalid_request", "without \(name)")
            }
            var grant = fields
            grant["grant_type"] = "refresh_token"
            #expect(error(try await client.token(grant)) == "unsupported_grant_type")
            let body = fields.map { "\($0.key)=\(ProviderTestClient.encoded($0.value))" }.joined(separator: "&")
            #expect(error(try await client.tokenRaw(body + "&code=pvc_other")) == "invalid_request")
            // None of those presented the code: it still redeems, once.
            #expect(try await client.token(fields).status == 200)
        }
    }

    @Test func aDeniedAuthorizationRedirectsWithAccessDenied() async throws {
        try await withAuthEmulator { auth in
            let client = auth.provider(.microsoft)
            let authorization = client.authorization()
            let response = try await client.authorize(authorization.parameters, ["decision": "deny"])
            #expect(response.status == 302)
            let callback = try ProviderTestClient.callback(response)
            #expect(response.header("Location")?.hasPrefix("msauth.com.example.app://auth?") == true)
            #expect(callback.query("error") == "access_denied")
            #expect(callback.query("state") == authorization.state)
            #expect(callback.query("code") == nil)
        }
    }

    @Test func withoutADecisionThePageIsAConsentForm() async throws {
        try await withAuthEmulator { auth in
            let client = auth.provider(.apple)
            let authorization = client.authorization(nonce: #"<script>"nonce"</script>"#)
            let form = try await client.authorize(authorization.parameters)
            #expect(form.status == 200)
            #expect(form.header("Content-Type")?.hasPrefix("text/html") == true)
            #expect(form.text.contains(#"name="decision" value="approve""#))
            #expect(form.text.contains(#"action="/__providers/apple/authorize""#))
            #expect(!form.text.contains("<script>"))
        }
    }

    @Test func anAuthorizeRequestFailingACheckGetsAPageNeverARedirect() async throws {
        try await withAuthEmulator { auth in
            let google = auth.provider(.google)
            let bends: [(String, String?)] = [
                ("client_id", "someone-else"), ("redirect_uri", "com.googleusercontent.apps.emulator-ios:/other"),
                ("response_type", "token"), ("scope", "email profile"), ("code_challenge", "short"),
                ("code_challenge_method", "plain"), ("state", ""), ("nonce", String(repeating: "n", count: 513)),
                ("nonce", nil), ("state", nil), ("code_challenge", nil), ("client_id", nil),
            ]
            for (name, value) in bends {
                var parameters = google.authorization().parameters
                parameters[name] = value
                let response = try await google.authorize(parameters, ["decision": "approve"])
                #expect(response.status == 400, "\(name)=\(value ?? "nil")")
                #expect(response.header("Location") == nil)
                #expect(response.header("Content-Type")?.hasPrefix("text/html") == true)
            }
            let repeated = try await google.get("/authorize?state=a&state=b")
            #expect(repeated.status == 400)

            // Apple registers no redirect: any URI an app can own, and nothing a browser runs.
            let apple = auth.provider(.apple)
            var parameters = apple.authorization().parameters
            parameters["redirect_uri"] = "https://app.example.com/apple"
            #expect(try await apple.authorize(parameters, ["decision": "deny"]).status == 302)
            parameters["redirect_uri"] = "javascript:alert(1)"
            #expect(try await apple.authorize(parameters, ["decision": "deny"]).status == 400)
            #expect(try await google.authorize(google.authorization().parameters, ["decision": "maybe"]).status == 400)
        }
    }

    @Test func appleHandsOverTheNameOnTheFirstAuthorizationOnly() async throws {
        try await withAuthEmulator { auth in
            let apple = auth.provider(.apple)
            func redeem(_ email: String, given: String? = nil, family: String? = nil) async throws -> SampleJSONView {
                let authorization = apple.authorization()
                let code = try await apple.approve(authorization, email: email, givenName: given, familyName: family)
                return SampleJSONView(json: try await apple.token(apple.redemption(authorization, code: code)).body)
            }
            let first = try await redeem("ada@example.com", given: "Ada Mary", family: "Lovelace")
            #expect(first["user"]["name"]["firstName"].string == "Ada Mary")
            #expect(first["user"]["name"]["lastName"].string == "Lovelace")
            #expect(first["id_token"].exists)
            let second = try await redeem("ada@example.com", given: "Ada", family: "Byron")
            #expect(!second["user"].exists)
            #expect(second["id_token"].exists)

            let defaulted = try await redeem("grace@example.com")
            #expect(defaulted["user"].members == ["name": ["firstName": "Emulator", "lastName": "User"]])
        }
    }

    @Test func theAdminAPISignsAnyClaimsWithTheProvidersKey() async throws {
        try await withAuthEmulator { auth in
            let claims: [String: AnyCodableValue] = ["sub": "x", "aud": ["a", "b"], "exp": 1, "custom": ["k": 1.5]]
            let token = try await auth.signedIDToken("microsoft", claims)
            let decoded = try DecodedIDToken(token)
            #expect(decoded.claims.members == claims)
            let jwks = SampleJSONView(json: try await auth.provider(.microsoft).get("/jwks").body)["keys"][0]
            #expect(decoded.header["kid"].string == jwks["kid"].string)
            let key = try P256PublicKey(
                jwk: .init(kty: "EC", crv: "P-256", x: jwks["x"].string ?? "", y: jwks["y"].string ?? ""))
            let parts = token.split(separator: ".").map(String.init)
            #expect(
                key.isValidSignature(
                    try #require(Base64URL.decode(parts[2])), for: Data("\(parts[0]).\(parts[1])".utf8)))

            expectAuthError(
                try await auth.admin("POST", "providers/github/id-token", ["claims": [:]]), 404, "not_found")
            expectAuthError(
                try await auth.admin("POST", "providers/google/id-token", ["claims": "x"]), 400, "bad_request")
            expectAuthError(try await auth.admin("POST", "providers/google/id-token", [:]), 400, "bad_request")
            expectAuthError(
                try await auth.admin("POST", "providers/google/id-token", ["claims": [:], "extra": 1]), 400,
                "bad_request")
            expectAuthError(try await auth.admin("GET", "providers/google/id-token"), 405, "method_not_allowed")
        }
    }
}
