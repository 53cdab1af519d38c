/// The protocol every generated per-endpoint error enum conforms to: it can be built from any
/// ``BackendError``, lifting the codes the endpoint declared into named cases.
///
/// Generated enums always carry `.other(BackendError)` for everything the endpoint did not declare
/// (unknown codes, transport and decode problems, generic rate limits), so nothing is lost:
///
/// ```swift
/// public nonisolated enum RoomsCreateError: PBError {
///     case notFound
///     case other(BackendError)
///     public nonisolated init(_ backend: BackendError) {
///         guard case .server(let f) = backend, f.code == "not_found" else { self = .other(backend); return }
///         self = .notFound
///     }
/// }
/// ```
///
/// Building one never re-fires the central error hook: the client reported the `BackendError`
/// once, before handing it to this initializer.
public protocol GeneratedFailure: Error, Sendable {
    /// Lifts `backend` into this endpoint's cases, or `.other(backend)`.
    init(_ backend: BackendError)
}

/// The preferred spelling of ``GeneratedFailure``: what codegen emits.
public typealias PBError = GeneratedFailure
