import Emulator
import Foundation
import Testing

@testable import EmulatorCore

@Suite struct FaultActionCodingTests {
    @Test(arguments: [
        (
            #"{"type":"status","status":503,"error":"unavailable","error_description":"down","retry_after":3}"#,
            FaultAction.status(503, error: "unavailable", description: "down", retryAfter: 3)
        ),
        (#"{"type":"status","status":500,"error":"boom"}"#, .status(500, error: "boom")),
        (#"{"type":"retry_after","seconds":7}"#, .retryAfter(seconds: 7)),
        (#"{"type":"delay","milliseconds":250}"#, .delay(milliseconds: 250)),
        (#"{"type":"drop_before_response"}"#, .dropBeforeResponse),
        (#"{"type":"drop_after_headers"}"#, .dropAfterHeaders),
        (#"{"type":"drop_mid_body","after_bytes":5}"#, .dropMidBody(afterBytes: 5)),
        (#"{"type":"malformed_json"}"#, .malformedJSON(status: 200)),
        (#"{"type":"malformed_json","status":502}"#, .malformedJSON(status: 502)),
    ])
    func decodesTheAdminForm(json: String, expected: FaultAction) throws {
        let action = try EmulatorJSON.decode(FaultAction.self, from: Data(json.utf8))
        #expect(action == expected)
        let roundTripped = try EmulatorJSON.decode(FaultAction.self, from: try EmulatorJSON.encode(action))
        #expect(roundTripped == expected)
    }

    @Test(arguments: [
        #"{"type":"explode"}"#, #"{"type":"delay"}"#, #"{"type":"status","status":"500","error":"x"}"#, #"{}"#, "[]",
    ])
    func rejectsUnknownOrIncompleteActions(json: String) {
        #expect(throws: DecodingError.self) { try EmulatorJSON.decode(FaultAction.self, from: Data(json.utf8)) }
    }

    @Test(arguments: [
        FaultRule(pathPrefix: "todos", action: .dropAfterHeaders),
        FaultRule(pathPrefix: "/", count: 0, action: .dropAfterHeaders),
        FaultRule(pathPrefix: "/", action: .status(200, error: "ok")),
        FaultRule(pathPrefix: "/", action: .status(500, error: "")),
        FaultRule(pathPrefix: "/", action: .delay(milliseconds: -1)),
        FaultRule(pathPrefix: "/", action: .dropMidBody(afterBytes: -1)),
        FaultRule(method: "", pathPrefix: "/", action: .dropAfterHeaders),
    ])
    func invalidRulesAreRefused(rule: FaultRule) throws {
        let db = try SQLiteDatabase(.memory)
        try db.migrate(PlatformSchema.migrations)
        let error = #expect(throws: PalbaseHTTPError.self) { try FaultStore(store: db).add(rule) }
        #expect(error?.code == "invalid_fault")
    }

    @Test func countedRuleIsUsedUpThenGone() throws {
        let db = try SQLiteDatabase(.memory)
        try db.migrate(PlatformSchema.migrations)
        let faults = FaultStore(store: db)
        try faults.add(FaultRule(method: "post", pathPrefix: "/todos", count: 2, action: .dropAfterHeaders))
        #expect(try faults.take(method: "GET", path: "/todos") == nil)
        #expect(try faults.take(method: "POST", path: "/rooms") == nil)
        #expect(try faults.take(method: "POST", path: "/todos/1")?.action == .dropAfterHeaders)
        #expect(try faults.all().first?.count == 1)
        #expect(try faults.take(method: "POST", path: "/todos") != nil)
        #expect(try faults.take(method: "POST", path: "/todos") == nil)
        #expect(try faults.all().isEmpty)
    }
}
