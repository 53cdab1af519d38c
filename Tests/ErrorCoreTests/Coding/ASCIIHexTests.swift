import ErrorCore
import Foundation
import Testing

@Suite struct ASCIIHexTests {
    @Test func lowercaseIsWhatFormattingEachByteGives() {
        let every = (0...255).map(UInt8.init)
        #expect(ASCIIHex.lowercase(every) == every.map { String(format: "%02x", $0) }.joined())
        #expect(ASCIIHex.lowercase([]) == "")
        #expect(ASCIIHex.lowercase(Data([0x0F, 0xA0])) == "0fa0")
    }

    @Test func valueReadsWhatLowercaseWrites() {
        for byte in Array("0123456789abcdefABCDEF".utf8) {
            #expect(ASCIIHex.value(byte) != nil)
        }
        #expect(ASCIIHex.value(UInt8(ascii: "g")) == nil)
        let text = Array(ASCIIHex.lowercase([0xC3, 0x7E]).utf8)
        #expect(text.compactMap(ASCIIHex.value) == [0xC, 0x3, 0x7, 0xE])
    }
}
