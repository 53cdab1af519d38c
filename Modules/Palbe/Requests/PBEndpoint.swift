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
