/// A bound on the steps one generation takes: resolving a `$ref`, mapping a schema, merging an `allOf`
/// member.
///
/// Memoised resolution and merging make the work proportional to the spec for every shape known to
/// blow up naively (`allOf` fan-out, long alias chains). What no cache can shrink is output the spec
/// itself asks to be exponential, such as inline schemas referenced from several places, each mapped
/// and declared anew at every use; the budget turns that into
/// ``CodegenError/workLimitExceeded(pointer:limit:)`` within a second or two instead of a hang.
final class WorkBudget {
    /// The most steps allowed.
    let limit: Int
    /// Steps taken so far.
    private(set) var spent = 0

    init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// Takes `steps` more, at the node `pointer`; throws once the total passes the limit.
    func spend(_ steps: Int = 1, at pointer: JSONPointer) throws(CodegenError) {
        spent += steps
        guard spent <= limit else {
            throw CodegenError.workLimitExceeded(pointer: pointer.description, limit: limit)
        }
    }
}
