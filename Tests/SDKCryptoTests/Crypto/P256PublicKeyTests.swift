import ErrorCore
import Foundation
import SDKCrypto
import Testing

#if canImport(COpenSSL)
    import COpenSSL
#endif

@Suite struct P256PublicKeyTests {
    static let rfc6979Point = "04" + P256PrivateKeyTests.rfc6979Ux + P256PrivateKeyTests.rfc6979Uy

    @Test(arguments: CryptoBackend.available)
    func validPointIsAcceptedAndKeptVerbatim(_ backend: CryptoBackend) throws {
        try backend.requireActive()
        let key = try P256PublicKey(x963Representation: HexCoding.decode(Self.rfc6979Point))
        #expect(HexCoding.encode(key.x963Representation) == Self.rfc6979Point)
    }

    @Test(arguments: CryptoBackend.available)
    func sliceOfALargerBufferIsReadFromItsOwnStart(_ backend: CryptoBackend) throws {
        try backend.requireActive()
        let buffer = Data(repeating: 0xEE, count: 7) + HexCoding.decode(Self.rfc6979Point) + [0xEE]
        let key = try P256PublicKey(x963Representation: buffer[7..<72])
        #expect(HexCoding.encode(key.x) == P256PrivateKeyTests.rfc6979Ux)
        #expect(HexCoding.encode(key.y) == P256PrivateKeyTests.rfc6979Uy)
        #expect(key.jwkThumbprint == "DOvxvJiAdIqVWIkFt5hDtCunXLF0BV4-JGv4f-ALSm0")
    }

    @Test(
        arguments: CryptoBackend.available,
        [
            // y + 1: off the curve.
            "04" + P256PrivateKeyTests.rfc6979Ux + "7903fe1008b8bc99a41ae9e95628bc64f2f1b20c2d7e9f5177a3c294d446229a",
            // Coordinates that are not field elements (p ≤ x).
            "04" + String(repeating: "ff", count: 64),
            "04" + String(repeating: "00", count: 64),
            // Compressed form and a wrong prefix are refused even for a real x.
            "02" + P256PrivateKeyTests.rfc6979Ux,
            "05" + P256PrivateKeyTests.rfc6979Ux + P256PrivateKeyTests.rfc6979Uy,
            // Lengths.
            "",
            "00",
            "04" + P256PrivateKeyTests.rfc6979Ux,
            rfc6979Point + "00",
        ])
    func invalidPointsAreRejected(_ backend: CryptoBackend, _ hex: String) throws {
        try backend.requireActive()
        #expect(throws: CryptoError.invalidPoint) {
            try P256PublicKey(x963Representation: HexCoding.decode(hex))
        }
    }

    /// Failures that are answers (a bad point, a bad signature, a bad tag) are reported as answers.
    /// With OpenSSL they must also leave no entries on the thread's error queue, where libcurl
    /// would mistake them for TLS errors.
    @Test(arguments: CryptoBackend.available)
    func rejectedInputsAreAnswersAndLeaveNoLibraryErrorBehind(_ backend: CryptoBackend) throws {
        try backend.requireActive()
        #if canImport(COpenSSL)
            ERR_clear_error()
        #endif
        #expect(throws: CryptoError.invalidPoint) {
            try P256PublicKey(x963Representation: HexCoding.decode(Self.rfc6979Point.dropLast(2) + "00"))
        }
        let key = try P256PublicKey(x963Representation: HexCoding.decode(Self.rfc6979Point))
        #expect(!key.isValidSignature(Data(repeating: 7, count: 64), for: Data("sample".utf8)))
        #expect(throws: CryptoError.authenticationFailure) {
            try AES256GCM.open(
                Data(repeating: 0, count: 32), key: Data(repeating: 0, count: 32),
                nonce: Data(repeating: 0, count: 12), authenticating: Data())
        }
        switch backend {
        #if canImport(COpenSSL)
            case .openSSL: #expect(ERR_peek_error() == 0)
        #elseif canImport(CryptoKit)
            case .cryptoKit: break  // CryptoKit reports through its return values only.
        #endif
        }
    }

    @Test(arguments: CryptoBackend.available)
    func jwkOfRFC6979Key(_ backend: CryptoBackend) throws {
        try backend.requireActive()
        let key = try P256PublicKey(x963Representation: HexCoding.decode(Self.rfc6979Point))
        #expect(
            key.jwk
                == P256PublicKey.JWK(
                    kty: "EC", crv: "P-256", x: "YP7UuiVanTHJYet0xjVtaMBJuJI7Yfps5mliLmDyn7Y",
                    y: "eQP-EAi4vJmkGunpVii8ZPLxsgwtfp9Rd6PClNRGIpk"))
        #expect(try P256PublicKey(jwk: key.jwk) == key)
    }

    /// RFC 7638 §3: exactly the required members, lexicographic order, no whitespace. The digest
    /// below is SHA-256 of that exact string, computed independently (Python hashlib).
    @Test(arguments: CryptoBackend.available)
    func thumbprintHashesTheCanonicalJSON(_ backend: CryptoBackend) throws {
        try backend.requireActive()
        let key = try P256PublicKey(x963Representation: HexCoding.decode(Self.rfc6979Point))
        let canonical =
            #"{"crv":"P-256","kty":"EC","x":"YP7UuiVanTHJYet0xjVtaMBJuJI7Yfps5mliLmDyn7Y","#
            + #""y":"eQP-EAi4vJmkGunpVii8ZPLxsgwtfp9Rd6PClNRGIpk"}"#
        #expect(
            HexCoding.encode(SHA256.hash(Data(canonical.utf8)))
                == "0cebf1bc9880748a95588905b79843b42ba75cb174055e3e246bf87fe00b4a6d")
        #expect(key.jwkThumbprint == "DOvxvJiAdIqVWIkFt5hDtCunXLF0BV4-JGv4f-ALSm0")
    }

    /// RFC 9449 §6.1: the example DPoP proof key and its `jkt` confirmation value.
    @Test(arguments: CryptoBackend.available)
    func thumbprintMatchesTheRFC9449Example(_ backend: CryptoBackend) throws {
        try backend.requireActive()
        let key = try P256PublicKey(
            jwk: P256PublicKey.JWK(
                kty: "EC", crv: "P-256", x: "l8tFrhx-34tV3hRICRDY9zCkDlpBhF42UQUfWVAWBFs",
                y: "9VE4jf_Ok_o64zbTTlcuNJajHmt6v9TDVrU0CdvGRDA"))
        #expect(key.jwkThumbprint == "0ZcOCORZNYy-DWpqq30jZyJGHTN0d2HglBV3uiguA4I")
    }

    @Test(arguments: CryptoBackend.available)
    func jwkDecodesFromJSONIgnoringExtraMembersInAnyOrder(_ backend: CryptoBackend) throws {
        try backend.requireActive()
        let json = #"""
            { "y": "9VE4jf_Ok_o64zbTTlcuNJajHmt6v9TDVrU0CdvGRDA", "use": "sig", "kid": "k1",
              "x": "l8tFrhx-34tV3hRICRDY9zCkDlpBhF42UQUfWVAWBFs", "crv": "P-256", "kty": "EC" }
            """#
        let jwk = try JSONDecoder().decode(P256PublicKey.JWK.self, from: Data(json.utf8))
        #expect(try P256PublicKey(jwk: jwk).jwkThumbprint == "0ZcOCORZNYy-DWpqq30jZyJGHTN0d2HglBV3uiguA4I")
        let reencoded = try JSONDecoder().decode(P256PublicKey.JWK.self, from: JSONEncoder().encode(jwk))
        #expect(reencoded == jwk)
    }

    @Test(arguments: [
        ("RSA", "P-256", "l8tFrhx-34tV3hRICRDY9zCkDlpBhF42UQUfWVAWBFs", "JWK kty is not EC"),
        ("EC", "P-384", "l8tFrhx-34tV3hRICRDY9zCkDlpBhF42UQUfWVAWBFs", "JWK crv is not P-256"),
        ("EC", "P-256", "l8tFrhx-34tV3hRICRDY9zCkDlpBhF42UQUfWVAW", "JWK coordinates are not 32-byte base64url values"),
        (
            "EC", "P-256", "l8tFrhx+34tV3hRICRDY9zCkDlpBhF42UQUfWVAWBFs",
            "JWK coordinates are not 32-byte base64url values"
        ),
    ])
    func malformedJWKIsRejected(kty: String, crv: String, x: String, reason: String) {
        let jwk = P256PublicKey.JWK(kty: kty, crv: crv, x: x, y: "9VE4jf_Ok_o64zbTTlcuNJajHmt6v9TDVrU0CdvGRDA")
        #expect(throws: CryptoError.invalidKey(reason: reason)) { try P256PublicKey(jwk: jwk) }
    }

    @Test(arguments: CryptoBackend.available)
    func jwkWithCoordinatesOffTheCurveIsRejected(_ backend: CryptoBackend) throws {
        try backend.requireActive()
        let jwk = P256PublicKey.JWK(
            kty: "EC", crv: "P-256", x: "l8tFrhx-34tV3hRICRDY9zCkDlpBhF42UQUfWVAWBFs",
            y: "9VE4jf_Ok_o64zbTTlcuNJajHmt6v9TDVrU0CdvGRDE")
        #expect(throws: CryptoError.invalidPoint) { try P256PublicKey(jwk: jwk) }
    }

    @Test(arguments: CryptoBackend.available)
    func equalityAndHashingFollowThePoint(_ backend: CryptoBackend) throws {
        try backend.requireActive()
        let first = try P256PublicKey(x963Representation: HexCoding.decode(Self.rfc6979Point))
        let second = try P256PrivateKeyTests.rfc6979Key().publicKey
        #expect(first == second)
        #expect(Set([first, second, P256PrivateKey().publicKey]).count == 2)
    }
}
