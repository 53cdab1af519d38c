/// Strict UTF-8 decoding that iOS 17 and macOS 14 have.
///
/// The standard library's `String(validating:as:)` is the same check, but it is iOS 18 / macOS 15 API,
/// newer than the systems the SDKs support; every strict decode in the package goes through here instead.
package enum UTF8Text {
    /// The text of `bytes`, or `nil` when they are not well-formed UTF-8 (a stray continuation byte, a
    /// truncated sequence, an overlong form, a surrogate, a scalar past U+10FFFF). Never repairs.
    ///
    /// Inlinable so that each caller gets a copy specialized for its collection: the generic version,
    /// called across modules, pays a witness-table call per byte (it made every header line that
    /// `CurlTransport` reads several times dearer).
    @inlinable
    package static func validating(_ bytes: some Collection<UInt8>) -> String? {
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid: continue
            case .emptyInput: return String(decoding: bytes, as: UTF8.self)
            case .error: return nil
            }
        }
    }
}
