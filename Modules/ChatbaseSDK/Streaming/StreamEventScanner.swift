import ErrorCore
import Foundation

/// A fast path for the events every reply sends: `text-delta` above all, the framing events around
/// it (`start`, `start-step`, `text-start`, `text-end`, `finish-step`) and `finish`.
///
/// A long reply is almost entirely text deltas, and a general JSON decoder costs several times more
/// per event than the SSE framing around it; `finish` comes once per stream but `JSONDecoder` spends
/// longer on it than on everything else a short reply does. This scanner reads such an event in one
/// pass over the bytes: keys in any order, any whitespace, every JSON escape including surrogate
/// pairs, and values it does not need checked for well-formedness and skipped. Anything else, like
/// another event type, a value of an unexpected kind, a repeated key or a syntax error, returns `nil`,
/// and the caller falls back to `JSONDecoder`, so the fast path never decides on its own what valid or
/// invalid JSON means. Its result is what `StreamEvent`'s `Decodable` conformance gives for the same
/// bytes (a test holds the two together).
struct StreamEventScanner {
    /// Deeper values (inside members the scanner skips) are left to `JSONDecoder`.
    static let maximumDepth = 64

    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    private init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The event in `data`, when the fast path reads it; else `nil`.
    static func event(_ data: Data) -> StreamEvent? {
        data.withUnsafeBytes { raw in event(raw.bindMemory(to: UInt8.self)) }
    }

    /// The event in `bytes`, when the fast path reads it; else `nil`.
    static func event(_ bytes: UnsafeBufferPointer<UInt8>) -> StreamEvent? {
        var scanner = StreamEventScanner(bytes)
        return scanner.event()
    }

    private enum Kind {
        case textDelta, textStart, textEnd, start, finish
        case step(String)
    }

    private mutating func event() -> StreamEvent? {
        var kind: Kind?
        var id: String?
        var delta: String?
        var messageId: String?
        var reason: String?
        var metadata: (finish: StreamFinish, reason: String?)?
        var seen = Members()
        guard consume(UInt8(ascii: "{")), !consume(UInt8(ascii: "}")) else { return nil }
        repeat {
            guard let key = key() else { return nil }
            if key.equals("type") {
                guard seen.insert(.type), let value = stringValue(), let type = Self.kind(value) else { return nil }
                kind = type
            } else if key.equals("delta") {
                guard seen.insert(.delta), let value = stringValue()?.string else { return nil }
                delta = value
            } else if key.equals("id") {
                guard seen.insert(.id), let value = stringValue()?.string else { return nil }
                id = value
            } else if key.equals("messageId") {
                guard seen.insert(.messageId), let value = stringValue()?.string else { return nil }
                messageId = value
            } else if key.equals("finishReason") {
                guard seen.insert(.finishReason), let value = nullableString() else { return nil }
                reason = value
            } else if key.equals("messageMetadata") {
                guard seen.insert(.messageMetadata), let value = metadataObject() else { return nil }
                metadata = value
            } else {
                guard skipValue(depth: 1) else { return nil }
            }
        } while consume(UInt8(ascii: ","))
        guard consume(UInt8(ascii: "}")) else { return nil }
        skipSpace()
        guard index == bytes.count, let kind else { return nil }
        switch kind {
        case .textDelta:
            guard let delta else { return nil }
            return .textDelta(id: id ?? "", delta: delta)
        case .textStart: return .textStart(id: id ?? "")
        case .textEnd: return .textEnd(id: id ?? "")
        case .start: return .start(messageId: messageId)
        case .step(let type): return .unknown(type: type)
        case .finish:
            var finish = metadata?.finish ?? StreamFinish()
            finish.finishReason = FinishReason(wire: reason ?? metadata?.reason)
            return .finish(finish)
        }
    }

    private static func kind(_ type: StringBytes) -> Kind? {
        if type.equals("text-delta") { return .textDelta }
        if type.equals("text-start") { return .textStart }
        if type.equals("text-end") { return .textEnd }
        if type.equals("start") { return .start }
        if type.equals("finish") { return .finish }
        if type.equals("start-step") { return .step("start-step") }
        if type.equals("finish-step") { return .step("finish-step") }
        return nil
    }

    /// `finish`'s `messageMetadata`: IDs and the reason as strings or `null`, `usage.credits` a number or
    /// `null`, other members skipped.
    private mutating func metadataObject() -> (finish: StreamFinish, reason: String?)? {
        var finish = StreamFinish()
        var reason: String?
        var seen = Members()
        guard consume(UInt8(ascii: "{")) else { return nil }
        if consume(UInt8(ascii: "}")) { return (finish, nil) }
        repeat {
            guard let key = key() else { return nil }
            if key.equals("conversationId") {
                guard seen.insert(.conversationId), let value = nullableString() else { return nil }
                finish.conversationId = value
            } else if key.equals("messageId") {
                guard seen.insert(.messageId), let value = nullableString() else { return nil }
                finish.messageId = value
            } else if key.equals("userMessageId") {
                guard seen.insert(.userMessageId), let value = nullableString() else { return nil }
                finish.userMessageId = value
            } else if key.equals("userId") {
                guard seen.insert(.userId), let value = nullableString() else { return nil }
                finish.userId = value
            } else if key.equals("finishReason") {
                guard seen.insert(.finishReason), let value = nullableString() else { return nil }
                reason = value
            } else if key.equals("usage") {
                guard seen.insert(.usage), let credits = usageCredits() else { return nil }
                finish.credits = credits
            } else {
                guard skipValue(depth: 2) else { return nil }
            }
        } while consume(UInt8(ascii: ","))
        guard consume(UInt8(ascii: "}")) else { return nil }
        return (finish, reason)
    }

    /// `usage`: an object whose `credits` is a number or `null` (→ `.some(nil)`), or `null` itself.
    private mutating func usageCredits() -> Double?? {
        if consumeLiteral("null") { return .some(nil) }
        var credits: Double?
        var seen = Members()
        guard consume(UInt8(ascii: "{")) else { return nil }
        if consume(UInt8(ascii: "}")) { return .some(nil) }
        repeat {
            guard let key = key() else { return nil }
            if key.equals("credits") {
                guard seen.insert(.credits) else { return nil }
                if !consumeLiteral("null") {
                    guard let value = number() else { return nil }
                    credits = value
                }
            } else {
                guard skipValue(depth: 3) else { return nil }
            }
        } while consume(UInt8(ascii: ","))
        guard consume(UInt8(ascii: "}")) else { return nil }
        return .some(credits)
    }

}
