import Emulator
import ErrorCore
import Foundation
import SDKCrypto
import Testing

@testable import EmulatorCore
@testable import EmulatorPalbase

@Suite struct ProofOfWorkTests {
    @Test(arguments: [
        ([0x80] + [UInt8](repeating: 0, count: 31), 0),
        ([0x00, 0x01] + [UInt8](repeating: 0xFF, count: 30), 15),
        ([0x00, 0x00, 0x10] + [UInt8](repeating: 0, count: 29), 19),
        ([UInt8](repeating: 0, count: 32), 256),
    ])
    func countsLeadingZeroBits(digest: [UInt8], expected: Int) {
        #expect(ProofOfWork.leadingZeroBits(Data(digest)) == expected)
    }

    @Test func solvedNonceVerifiesAndMeetsTheDifficultyByHand() {
        let seed = Data("seed".utf8)
        let nonce = ProofOfWork.solve(seed: seed, difficulty: 10)
        #expect(ProofOfWork.isSolution(seed: seed, nonce: nonce, difficulty: 10))
        let digest = SHA256.hash(seed + Data(nonce.utf8))
        #expect(digest[0] == 0 && digest[1] < 0x40)
        // The smallest solution: every smaller nonce fails.
        #expect((0..<Int(nonce)!).allSatisfy { !ProofOfWork.isSolution(seed: seed, nonce: String($0), difficulty: 10) })
    }

    @Test(arguments: ["", "-1", "1.5", "0x10", " 7", "１２", String(repeating: "1", count: 21)])
    func nonDecimalNoncesNeverVerify(nonce: String) {
        #expect(!ProofOfWork.isSolution(seed: Data(), nonce: nonce, difficulty: 1))
    }

    @Test func ruleParsesPrefixAndBits() throws {
        let rule = try ProofOfWorkRule(parsing: "/auth/signup:12")
        #expect(rule.pathPrefix == "/auth/signup")
        #expect(rule.difficulty == 12)
        #expect(rule.matches("/auth/signup"))
        #expect(!rule.matches("/auth/login"))
    }

    @Test(arguments: ["/auth", "auth:3", "/auth:0", "/auth:25", "/auth:x", ":4"])
    func invalidRulesAreRejected(text: String) {
        #expect(throws: ProofOfWorkRule.Invalid.self) { try ProofOfWorkRule(parsing: text) }
    }
}
