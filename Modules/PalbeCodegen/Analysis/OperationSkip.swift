/// Why an operation is left out (a documented fallback, reported as a warning).
struct OperationSkip: Error {
    let reason: String
}
