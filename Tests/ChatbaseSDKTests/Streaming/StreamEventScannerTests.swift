import Foundation
import Testing

@testable import ChatbaseSDK

/// The stream-event fast path must agree with `JSONDecoder` wherever it answers, and step aside otherwise.
@Suite struct StreamEventScannerTests {
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
        #"{"type":"text-delta","id":"t","delta":"x","providerMetadata":{"a":[1,-2.5e3,true,false,null,{"b":"\u00e9"}]}}"#,
        #"{"type":"start","messageId":"m","messageMetadata":{"createdAt":1700000000}}"#,
        #"{"type":"finish","finishReason":"stop"}"#,
        #"{"type":"finish"}"#,
        #"{"type":"finish","finishReason":null,"messageMetadata":{}}"#,
        #"{"type":"finish","finishReason":"tool-calls","messageMetadata":{"finishReason":"stop"}}"#,
        #"{"type":"finish","messageMetadata":{"finishReason":"length","usage":null}}"#,
        #"{"type":"finish","messageMetadata":{"usage":{"credits":null,"tokens":{"in":3}}}}"#,
        #"{"type":"finish","messageMetadata":{"finishReason":"something-new","usage":{"credits":0.25}}}"#,
        #"{"type":"finish","finishReason":"stop","messageMetadata":{"conversationId":"conv_1","#
            + #""messageId":"msg_2","userMessageId":"msg_1","userId":null,"finishReason":"stop","usage":{"credits":1}}}"#,
        #"{ "messageMetadata" : { "usage" : { "credits" : 12E-1 } , "conversationId" : "c\u00e9" } ,"#
            + #" "type" : "finish" , "extra" : [ ] }"#,
    ]

    static let declined = [
        #"{"type":"text-delta","id":1,"delta":"x"}"#,
        #"{"type":"text-delta","delta":"x","delta":"y"}"#,
        #"{"type":"text-delta","delta":"\ud83d"}"#,
        #"{"type":"text-delta","delta":"\x"}"#,
        #"{"type":"text-delta","delta":"x"} trailing"#,
        #"{"type":"text-delta","delta":"x""#,
        #"{"type":"start","messageId":1}"#,
        #"{"type":"error","errorText":"e"}"#,
        #"{"type":"finish","finishReason":7}"#,
        #"{"type":"finish","messageMetadata":null}"#,
        #"{"type":"finish","messageMetadata":{"conversationId":1}}"#,
        #"{"type":"finish","messageMetadata":{"usage":{"credits":"1"}}}"#,
        #"{"type":"finish","messageMetadata":{"usage":{"credits":01}}}"#,
        #"{"type":"finish","messageMetadata":{"usage":{"credits":1e999}}}"#,
        #"{"type":"finish","messageMetadata":{"userId":"a","userId":"b"}}"#,
        #"{"type":"finish","messageMetadata":{"x":[1,]}}"#,
        #"{"type":"finish","messageMetadata":{"x":tru}}"#,
        #"{"type":"finish","extra":-}"#,
        #"{"type":"finish","extra":1.}"#,
        #"{"type":"finish"}{}"#,
        #"{"type":"tool-input-start","toolCallId":"c","toolName":"t"}"#,
        #"{"type":"text-delta","id":"t"}"#,
        "{\"type\":\"text-delta\",\"delta\":\"tab\there\"}",
        "[1]",
    ]

    @Test(arguments: agreeing)
    func agreesWithJSONDecoder(_ json: String) throws {
        let fast = try #require(StreamEventScanner.event(Data(json.utf8)))
        #expect(fast == (try JSONDecoder().decode(StreamEvent.self, from: Data(json.utf8))))
    }

    @Test(arguments: declined)
    func declinesAnythingElse(_ json: String) {
        #expect(StreamEventScanner.event(Data(json.utf8)) == nil)
    }

    @Test func declinesInvalidUTF8() {
        let bytes = Data(#"{"type":"text-delta","delta":""#.utf8) + Data([0xC3, 0x28]) + Data(#""}"#.utf8)
        #expect(StreamEventScanner.event(bytes) == nil)
    }

    /// The canonical text-delta shortcut: exactly the server's own layout, or nothing.
    static let canonical: [(json: String, id: String, delta: String)?] = [
        (#"{"type":"text-delta","id":"txt_0","delta":"word1 "}"#, "txt_0", "word1 "),
        (#"{"type":"text-delta","id":"","delta":""}"#, "", ""),
        (
            #"{"type":"text-delta","id":"t","delta":"héllo 👋 世界, a longer delta than a small string"}"#, "t",
            "héllo 👋 世界, a longer delta than a small string"
        ),
    ]

    @Test(arguments: 0..<3)
    func canonicalTextDeltaAgreesWithJSONDecoder(_ index: Int) throws {
        let vector = try #require(Self.canonical[index])
        let bytes = Data(vector.json.utf8)
        let fast = try #require(Self.canonical(bytes))
        #expect(fast.id == vector.id)
        #expect(fast.text == vector.delta)
        #expect(fast.isASCII == vector.delta.utf8.allSatisfy { $0 < 0x80 })
        #expect(
            try JSONDecoder().decode(StreamEvent.self, from: bytes) == .textDelta(id: vector.id, delta: vector.delta))
    }

    /// The shortcut's answer with its byte slices copied out while they are valid.
    static func canonical(_ bytes: Data) -> (id: String, text: String?, isASCII: Bool)? {
        bytes.withUnsafeBytes { raw in
            StreamEventScanner.canonicalTextDelta(raw.bindMemory(to: UInt8.self)).map {
                (String(decoding: $0.id, as: UTF8.self), String(validating: $0.text, as: UTF8.self), $0.isASCII)
            }
        }
    }

    @Test(arguments: [
        #"{"type":"text-delta","id":"t","delta":"a\nb"}"#,
        #"{"type":"text-delta","id":"t\u0031","delta":"a"}"#,
        #"{"type":"text-delta","id":"t","delta":"a"} "#,
        #"{"type":"text-delta", "id":"t","delta":"a"}"#,
        #"{"type":"text-delta","delta":"a","id":"t"}"#,
        #"{"type":"text-delta","id":"t","delta":"a","x":1}"#,
        #"{"type":"text-delta","id":"t","delta":"a"#,
        "{\"type\":\"text-delta\",\"id\":\"t\",\"delta\":\"tab\there\"}",
        #"{"type":"text-start","id":"t"}"#,
        #"{"type":"text-delta","id":"té","delta":"a"}"#,
    ])
    func canonicalTextDeltaDeclinesOtherLayouts(_ json: String) {
        #expect(Self.canonical(Data(json.utf8)) == nil)
    }

    @Test func canonicalTextDeltaLeavesInvalidUTF8ToTheCaller() throws {
        let bytes = Data(#"{"type":"text-delta","id":"t","delta":""#.utf8) + Data([0xC3, 0x28]) + Data(#""}"#.utf8)
        let fast = try #require(Self.canonical(bytes))
        #expect(fast.text == nil)
        #expect(!fast.isASCII)
    }
}
