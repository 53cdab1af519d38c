import Emulator
import EmulatorTestSupport
import ErrorCore
import Foundation
import SDKCrypto
import Testing

@testable import EmulatorCore
@testable import EmulatorPalbase

/// The simulated providers' ID tokens checked by an independent JOSE implementation: PyJWT with
/// `cryptography`, run as a `python3` child process (`Tools/scripts/bootstrap` installs both). Without them the
/// test fails, saying so; it never skips.
@Suite struct SimulatedProviderJOSETests {
    /// Verifies argv's token against argv's JWKS with PyJWT: ES256 signature by the key the header's `kid`
    /// names, `aud`, `iss`, `exp` and `iat` present and `exp` in the future, then the nonce rule (Apple: the
    /// lowercase hex SHA-256 of the transaction nonce; others: the nonce itself). Prints the claims; exits 3
    /// when a module is missing, non-zero for any failed check.
    static let verifier = #"""
        import hashlib, json, sys
        try:
            import jwt
            from cryptography.hazmat.primitives.asymmetric import ec
        except ImportError as error:
            print(f"missing Python module: {error.name}", file=sys.stderr)
            sys.exit(3)
        jwks, token, issuer, audience, nonce, provider = sys.argv[1:7]
        kid = jwt.get_unverified_header(token)["kid"]
        jwk = next(key for key in json.loads(jwks)["keys"] if key["kid"] == kid)
        key = jwt.PyJWK(jwk)
        assert isinstance(key.key, ec.EllipticCurvePublicKey), "not an EC key"
        claims = jwt.decode(
            token, key=key.key, algorithms=["ES256"], audience=audience, issuer=issuer,
            options={"require": ["exp", "iat", "iss", "aud", "sub", "nonce"]})
        expected = hashlib.sha256(nonce.encode()).hexdigest() if provider == "apple" else nonce
        assert claims["nonce"] == expected, "nonce rule"
        print(json.dumps(claims, sort_keys=True))
        """#

    /// Runs ``verifier`` on `arguments`.
    static func verify(_ arguments: [String]) async throws -> SDKProcess.Result {
        let python = try #require(
            SDKProcess.executable(named: "python3"),
            "python3 is not on PATH: the JOSE cross-check needs it, with PyJWT and cryptography (run Tools/scripts/bootstrap)"
        )
        let result = try await SDKProcess(
            ["-"] + arguments, standardInput: Data(verifier.utf8), executable: python
        ).finish(timeout: .seconds(60))
        let modulesMissing = result.status == 3
        try #require(
            !modulesMissing, "python3 lacks PyJWT or cryptography (run Tools/scripts/bootstrap): \(result.stderr)")
        return result
    }

    @Test(arguments: [OAuthProvider.apple, .google, .microsoft])
    func pyJWTVerifiesTheIDTokenWithTheJWKS(provider: OAuthProvider) async throws {
        try await withAuthEmulator { auth in
            let client = auth.provider(provider)
            let transaction = try await auth.beginNative(provider)
            let idToken = try await auth.providerIDToken(provider, for: transaction, email: "jose@example.com")
            let jwks = try await client.get("/jwks").text

            let result = try await Self.verify(
                [jwks, idToken, client.issuer, client.clientID, transaction.nonce, provider.rawValue])
            #expect(result.status == 0, "PyJWT refused the token: \(result.stderr)")
            let claims = SampleJSONView(json: Data(result.stdout.utf8))
            #expect(claims["email"].string == "jose@example.com")
            #expect(claims["aud"].string == client.clientID)

            // The check is not vacuous: another audience, issuer or nonce fails it.
            for (index, bent) in [(3, "someone-else"), (2, client.issuer + "/x"), (4, transaction.nonce + "x")] {
                var arguments = [jwks, idToken, client.issuer, client.clientID, transaction.nonce, provider.rawValue]
                arguments[index] = bent
                let refused = try await Self.verify(arguments)
                #expect(refused.status != 0, "PyJWT accepted a bent argument \(index)")
            }
        }
    }
}
