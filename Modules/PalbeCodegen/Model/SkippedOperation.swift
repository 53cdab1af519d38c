/// An operation left out of the output, with the comment that says so in the generated file.
struct SkippedOperation {
    let namespace: String?
    let comment: String
}
