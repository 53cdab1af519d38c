import Foundation

/// Writes compact JSON as UTF-8 bytes, member by member, in the order it is told: for a body on a
/// hot path whose shape is fixed, where building an ``AnyCodableValue`` object (a dictionary per
/// object, its keys hashed, then sorted) cost several times the writing itself.
///
/// It escapes and renders values exactly as ``AnyCodableValue/jsonText`` does. A caller that writes
/// each object's keys in that order (UTF-16 order: for ASCII keys, plain byte order) gets the same
/// bytes as `jsonData` of the equivalent value; the callers test that they do.
///
/// ```swift
/// var writer = JSONWriter()
/// writer.beginObject()
/// writer.member("amount", .int(4_999))
/// writer.key("items")
/// writer.beginArray()
/// writer.value(["method": "creditcard"])
/// writer.endArray()
/// writer.endObject()
/// writer.data  // {"amount":4999,"items":[{"method":"creditcard"}]}
/// ```
package struct JSONWriter {
    private var bytes: [UInt8] = []
    /// Whether a value was just completed, so the next key or array element needs a comma first.
    private var afterValue = false

    package init(capacity: Int = 256) {
        bytes.reserveCapacity(capacity)
    }

    /// The bytes written so far.
    package var data: Data { Data(bytes) }

    package mutating func beginObject() { open(UInt8(ascii: "{")) }

    package mutating func endObject() { close(UInt8(ascii: "}")) }

    package mutating func beginArray() { open(UInt8(ascii: "[")) }

    package mutating func endArray() { close(UInt8(ascii: "]")) }

    /// The next member's key; its value follows.
    package mutating func key(_ key: String) {
        separate()
        AnyCodableValue.writeQuoted(key, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        afterValue = false
    }

    /// A value: an array element, or the value of the last ``key(_:)``.
    package mutating func value(_ value: AnyCodableValue) {
        separate()
        value.write(to: &bytes)
        afterValue = true
    }

    /// A member: ``key(_:)``, then ``value(_:)``.
    package mutating func member(_ key: String, _ value: AnyCodableValue) {
        self.key(key)
        self.value(value)
    }

    /// An object or array begins: it is a value of its own, and its first member needs no comma.
    private mutating func open(_ bracket: UInt8) {
        separate()
        bytes.append(bracket)
        afterValue = false
    }

    /// An object or array ends: it completes a value.
    private mutating func close(_ bracket: UInt8) {
        bytes.append(bracket)
        afterValue = true
    }

    private mutating func separate() {
        if afterValue { bytes.append(UInt8(ascii: ",")) }
    }
}
