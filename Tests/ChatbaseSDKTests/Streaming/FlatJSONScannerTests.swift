import Foundation
import Testing

@testable import ChatbaseSDK

/// The text-delta fast path must agree with `JSONDecoder` wherever it answers, and step aside otherwise.
@Suite struct FlatJSONScannerTests {
    static let agreeing = [
        #"{"type":"text-delta","id":"t1","delta":"Hello "}"#,
        #"{"delta":"x","type":"text-delta"}"#,
        #" { "type" : "text-delta" , "id":"a" ,"delta" : "" } "#,
        #"{"type":"text-delta","id":"t","delta":"q\"b\\s\/n\nt\tr\rb\bf\f"}"#,
        #"{"type":"text-delta","id":"t","delta":"\u00e9\u4e16 \ud83d\udc4b"}"#,
        #"{"type":"text-delta","id":"t","delta":"héllo 👋 世界"}"#,
        #"{"type":"text-delta","id":"t","delta":"extra","other":"field"}"#,
        #"{"type":"text-start","id":"txt_0"}"#,
        #"{"type":"text-end","id":"txt_0"}"#,
        #"{"type":"text-start"}"#,
        #"{"type":"start","messageId":"msg_1"}"#,
        #"{"type":"start"}"#,
        #"{"type":"start-step"}"#,
        #"{"type":"finish-step","extra":"x"}"#,
    ]

    static let declined = [
        #"{"type":"text-delta","id":1,"delta":"x"}"#,
        #"{"type":"text-delta","delta":"x","delta":"y"}"#,
        #"{"type":"text-delta","delta":"\ud83d"}"#,
        #"{"type":"text-delta","delta":"\x"}"#,
        #"{"type":"text-delta","delta":"x"} trailing"#,
        #"{"type":"text-delta","delta":"x""#,
        #"{"type":"start","messageId":1}"#,
        #"{"type":"finish","finishReason":"stop"}"#,
        #"{"type":"error","errorText":"e"}"#,
        #"{"type":"tool-input-start","toolCallId":"c","toolName":"t"}"#,
        #"{"type":"text-delta","id":"t"}"#,
        "{\"type\":\"text-delta\",\"delta\":\"tab\there\"}",
        "[1]",
    ]

    @Test(arguments: agreeing)
    func agreesWithJSONDecoder(_ json: String) throws {
        let fast = try #require(FlatJSONScanner.event(Data(json.utf8)))
        #expect(fast == (try JSONDecoder().decode(StreamEvent.self, from: Data(json.utf8))))
    }

    @Test(arguments: declined)
    func declinesAnythingElse(_ json: String) {
        #expect(FlatJSONScanner.event(Data(json.utf8)) == nil)
    }

    @Test func declinesInvalidUTF8() {
        let bytes = Data(#"{"type":"text-delta","delta":""#.utf8) + Data([0xC3, 0x28]) + Data(#""}"#.utf8)
        #expect(FlatJSONScanner.event(bytes) == nil)
    }
}
