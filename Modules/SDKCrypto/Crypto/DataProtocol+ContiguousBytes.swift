import Foundation

extension DataProtocol {
    /// Calls `body` with the bytes in one contiguous buffer whose base address is never `nil`.
    ///
    /// OpenSSL treats a `NULL` pointer as "parameter absent" in several places (an HMAC key, an
    /// HKDF salt), which differs from "present and empty"; an empty input therefore arrives as a
    /// zero-length buffer at a valid address. Inputs already stored in one region (`Data`,
    /// `[UInt8]`) are not copied.
    func withContiguousBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        if regions.count == 1, let region = regions.first {
            let result: Result<R, E> = region.withUnsafeBytes { buffer in
                Result { () throws(E) -> R in try Self.callWithNonNilBase(buffer, body) }
            }
            return try result.get()
        }
        let copy = [UInt8](self)
        let result: Result<R, E> = copy.withUnsafeBytes { buffer in
            Result { () throws(E) -> R in try Self.callWithNonNilBase(buffer, body) }
        }
        return try result.get()
    }

    private static func callWithNonNilBase<R, E: Error>(
        _ buffer: UnsafeRawBufferPointer,
        _ body: (UnsafeRawBufferPointer) throws(E) -> R
    ) throws(E) -> R {
        if buffer.baseAddress != nil { return try body(buffer) }
        var placeholder: UInt8 = 0
        let result: Result<R, E> = withUnsafeBytes(of: &placeholder) { byte in
            Result { () throws(E) -> R in try body(UnsafeRawBufferPointer(rebasing: byte[0..<0])) }
        }
        return try result.get()
    }
}

extension UnsafeRawBufferPointer {
    /// The start of the buffer as OpenSSL's `const unsigned char *`.
    ///
    /// Only valid on buffers from `withContiguousBytes`, whose base address is never `nil`.
    var bytePointer: UnsafePointer<UInt8> {
        baseAddress!.assumingMemoryBound(to: UInt8.self)
    }
}
