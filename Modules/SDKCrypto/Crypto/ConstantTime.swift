import Foundation

/// Comparisons whose duration does not depend on the bytes compared.
package enum ConstantTime {
    /// Whether `lhs` and `rhs` hold the same bytes.
    ///
    /// Every byte is visited whatever the first difference is, so timing reveals only the lengths
    /// (which a verifier knows anyway). Different lengths are `false` at once.
    package static func isEqual(_ lhs: some DataProtocol, _ rhs: some DataProtocol) -> Bool {
        guard lhs.count == rhs.count else { return false }
        var difference: UInt8 = 0
        for (left, right) in zip(lhs, rhs) { difference |= left ^ right }
        return difference == 0
    }
}
