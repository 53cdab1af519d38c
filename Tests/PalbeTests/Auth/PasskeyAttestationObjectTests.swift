import Foundation
import Palbe
import SDKCrypto
import Testing

/// The attestation object reader the Apple authenticator relies on, proven here on hand-built CBOR.
@Suite struct PasskeyAttestationObjectTests {
    private let x = [UInt8](repeating: 0x11, count: 32)
    private let y = [UInt8](repeating: 0x22, count: 32)
    private let credentialID: [UInt8] = [0xCA, 0xFE, 0xBA, 0xBE]

    /// A CBOR head: major type and argument.
    private func head(_ major: UInt8, _ argument: Int) -> [UInt8] {
        switch argument {
        case ..<24: [major << 5 | UInt8(argument)]
        case ..<256: [major << 5 | 24, UInt8(argument)]
        default: [major << 5 | 25, UInt8(argument >> 8), UInt8(argument & 0xFF)]
        }
    }

    private func text(_ string: String) -> [UInt8] { head(3, string.utf8.count) + Array(string.utf8) }
    private func bytes(_ data: [UInt8]) -> [UInt8] { head(2, data.count) + data }
    private func negative(_ value: Int) -> [UInt8] { head(1, -1 - value) }

    private func coseKey(alg: Int = -7) -> [UInt8] {
        head(5, 5) + head(0, 1) + head(0, 2) + head(0, 3) + negative(alg) + negative(-1) + head(0, 1)
            + negative(-2) + bytes(x) + negative(-3) + bytes(y)
    }

    private func attestation(alg: Int = -7, statement: [UInt8]? = nil) -> Data {
        let authData =
            Array(SHA256.hash(Data("app.example".utf8))) + [0x45, 0, 0, 0, 0] + [UInt8](repeating: 0, count: 16)
            + [0, UInt8(credentialID.count)] + credentialID + coseKey(alg: alg)
        // A packed-style statement with an array inside, so skipping nested items is exercised.
        let attStmt =
            statement ?? (head(5, 2) + text("alg") + negative(-7) + text("x5c") + head(4, 1) + bytes([1, 2, 3]))
        return Data(
            head(5, 3) + text("fmt") + text("packed") + text("attStmt") + attStmt + text("authData") + bytes(authData))
    }

    @Test func readsTheKeyTheCredentialAndTheContractsAuthenticatorData() throws {
        let parsed = try PasskeyAttestationObject(attestation())
        #expect(parsed.publicKey == Data([0x04] + x + y))
        #expect(parsed.credentialID == Data(credentialID))
        #expect(parsed.authenticatorData.count == 37)
        #expect(parsed.authenticatorData.prefix(32) == SHA256.hash(Data("app.example".utf8)))
    }

    @Test func refusesWhatIsNotAnES256AttestationWithoutCrashing() {
        let whole = attestation()
        #expect(throws: PasskeyAttestationObject.Malformed.self) {
            try PasskeyAttestationObject(attestation(alg: -257))
        }
        for length in [0, 1, 10, whole.count / 2, whole.count - 1] {
            #expect(throws: PasskeyAttestationObject.Malformed.self) {
                try PasskeyAttestationObject(whole.prefix(length))
            }
        }
        let lyingCount = Data([0xBB] + [UInt8](repeating: 0xFF, count: 8))  // a map claiming 2^64-1 entries
        #expect(throws: PasskeyAttestationObject.Malformed.self) { try PasskeyAttestationObject(lyingCount) }
        let indefinite = Data([0xBF, 0xFF])
        #expect(throws: PasskeyAttestationObject.Malformed.self) { try PasskeyAttestationObject(indefinite) }
    }
}
