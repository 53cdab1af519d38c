// Randomization Services.
//
//   https://developer.apple.com/documentation/security/secrandomcopybytes(_:_:_:)
//   https://developer.apple.com/documentation/security/ksecrandomdefault
//   https://developer.apple.com/documentation/security/secrandomref
//
// Real semantics, cheaply: the bytes come from the standard library's `SystemRandomNumberGenerator`,
// which on Linux reads the kernel's CSPRNG (`getrandom(2)`), as Apple's reads its own.

/// `typealias SecRandomRef = OpaquePointer`: an abstract Core Foundation-type object containing
/// information about a random number generator.
public typealias SecRandomRef = OpaquePointer

/// `let kSecRandomDefault: SecRandomRef`: an alias for the default random number generator.
///
/// Apple's C constant is `NULL` yet imported as non-optional; a pointer that is never dereferenced stands
/// in for it, since a Swift `OpaquePointer` cannot be null.
nonisolated(unsafe) public let kSecRandomDefault: SecRandomRef = OpaquePointer(bitPattern: 0x5EC)!

/// `func SecRandomCopyBytes(_ rnd: SecRandomRef?, _ count: Int, _ bytes: UnsafeMutableRawPointer) -> Int32`
///
/// Generates an array of cryptographically secure random bytes; returns `errSecSuccess`.
@discardableResult
public func SecRandomCopyBytes(_ rnd: SecRandomRef?, _ count: Int, _ bytes: UnsafeMutableRawPointer) -> Int32 {
    guard count >= 0 else { return errSecParam }
    var generator = SystemRandomNumberGenerator()
    let buffer = UnsafeMutableRawBufferPointer(start: bytes, count: count)
    var offset = 0
    while offset < count {
        let word = generator.next()
        withUnsafeBytes(of: word) { source in
            let length = min(source.count, count - offset)
            buffer.baseAddress!.advanced(by: offset).copyMemory(from: source.baseAddress!, byteCount: length)
            offset += length
        }
    }
    return errSecSuccess
}
