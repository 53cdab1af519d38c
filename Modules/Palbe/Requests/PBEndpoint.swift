// A typed endpoint, as generated clients describe one, and the failure a generated call lifts.

// MARK: - PBEndpoint

/// An endpoint that answers with a body: its request description, the type its success decodes
/// to, and the typed error its calls throw.
///
/// Generated code emits one per operation; you can write your own:
///
/// ```swift
/// struct GetTodo: PBEndpoint {
///     typealias Response = Todo
///     typealias Failure = TodosGetError
///     let id: String
///     var pbRequest: PBRequest { PBRequest(.get, ["todos", .param(id)]) }
/// }
/// let todo = try await pb.call(GetTodo(id: id))
/// ```
///
/// A type conforms to `PBEndpoint` or ``PBVoidEndpoint``, never both, so `pb.call(_:)` is never
/// ambiguous.
public protocol PBEndpoint: Sendable {
    /// What a 2xx body decodes to (with the SDK's snake_case decoder).
    associatedtype Response: Decodable & Sendable
    /// The endpoint's typed error; anything it does not declare lands in its `.other(BackendError)`.
    associatedtype Failure: PBError
    /// The request to send.
    var pbRequest: PBRequest { get }
}

/// An endpoint whose success carries nothing worth decoding (typically 204): its request and its
/// typed error.
///
/// ```swift
/// struct ArchiveTodo: PBVoidEndpoint {
///     typealias Failure = TodosArchiveError
///     let id: String
///     var pbRequest: PBRequest { PBRequest(.post, ["todos", .param(id), "archive"]) }
/// }
/// try await pb.call(ArchiveTodo(id: todo.id))
/// ```
///
/// Any 2xx body is ignored.
public protocol PBVoidEndpoint: Sendable {
    /// The endpoint's typed error.
    associatedtype Failure: PBError
    /// The request to send.
    var pbRequest: PBRequest { get }
}

// MARK: - GeneratedFailure

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
