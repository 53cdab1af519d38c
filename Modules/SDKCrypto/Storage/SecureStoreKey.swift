/// The keys every ``SecureStore`` in this module accepts.
///
/// One rule for all stores, so a key that works on Linux works on Apple platforms and the reverse:
/// 1–128 characters of `A–Z a–z 0–9 . _ -`, not starting with `.`. The rule exists for the file
/// store, where any other key could name a file outside its directory or one of its temporary
/// files; the Keychain applies it too, so an app cannot come to depend on keys the file store
/// refuses.
enum SecureStoreKey {
    /// Whether `key` follows the rule.
    static func isValid(_ key: String) -> Bool {
        let bytes = Array(key.utf8)
        guard (1...128).contains(bytes.count), bytes[0] != UInt8(ascii: ".") else { return false }
        return bytes.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"):
                true
            default:
                false
            }
        }
    }
}
