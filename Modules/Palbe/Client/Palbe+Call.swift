import ErrorCore
import Foundation

extension PalbeClient {
    /// Calls an endpoint, decoding its success as `E.Response` and lifting failures into `E.Failure`.
    ///
    /// ```swift
    /// let todo = try await pb.call(GetTodo(id: id))   // Todo, throws TodosGetError
    /// ```
    @discardableResult
    public func call<E: PBEndpoint>(_ endpoint: E) async throws(E.Failure) -> E.Response {
        do {
            return try await perform(endpoint.pbRequest, as: E.Response.self)
        } catch {
            throw E.Failure(error)
        }
    }

    /// Calls an endpoint whose success carries nothing, lifting failures into `E.Failure`. Any 2xx
    /// body is ignored.
    ///
    /// ```swift
    /// try await pb.call(ArchiveTodo(id: todo.id))
    /// ```
    public func call<E: PBVoidEndpoint>(_ endpoint: E) async throws(E.Failure) {
        do {
            try await performDiscardingBody(endpoint.pbRequest)
        } catch {
            throw E.Failure(error)
        }
    }

    /// Calls the endpoint at path `name` with `input`, for when there is no generated method.
    ///
    /// ```swift
    /// let todo: Todo = try await pb.call("todos", CreateTodoInput(title: "Try Palbase"))
    /// ```
    ///
    /// - Parameters:
    ///   - name: the endpoint's path (`"todos"`, `"/todos"`, `"todos/\(id)/archive"`), sent verbatim;
    ///     routing is file-based, so there is no `/rpc/` prefix.
    ///   - input: sent as the query string for `GET` and `DELETE` (it must encode to an object), as
    ///     the JSON body for every other verb — the rule generated endpoints follow.
    ///   - as: the type a 2xx body decodes to; an empty body decodes as JSON `null`, so
    ///     `AnyCodableValue` or an `Optional` accept a 204.
    ///   - method: the verb; `POST` by default.
    ///   - headers: merged onto the SDK's; a non-blank value wins.
    /// - Throws: ``BackendError``, after the hook saw it.
    @discardableResult
    public func call<I: Encodable & Sendable, O: Decodable & Sendable>(
        _ name: String,
        _ input: I,
        as: O.Type = O.self,
        method: PBMethod = .post,
        headers: [String: String] = [:]
    ) async throws(BackendError) -> O {
        try await perform(PBRequest.named(name, method: method, input: input, headers: headers), as: O.self)
    }

    /// Calls the endpoint at path `name` without input.
    ///
    /// ```swift
    /// let list: [Todo] = try await pb.call("todos", method: .get)
    /// ```
    ///
    /// - Throws: ``BackendError``, after the hook saw it.
    @discardableResult
    public func call<O: Decodable & Sendable>(
        _ name: String,
        as: O.Type = O.self,
        method: PBMethod = .post,
        headers: [String: String] = [:]
    ) async throws(BackendError) -> O {
        try await perform(PBRequest.named(name, method: method, input: nil, headers: headers), as: O.self)
    }

    // MARK: - The conversion point

    /// Sends `request` and reads its 2xx answer with `read`; every failure, from the exchange or
    /// the reading, is reported to the hook here and nowhere else.
    func perform<T>(
        _ request: PBRequest, reading read: (Delivery) throws(BackendError) -> T
    ) async throws(BackendError) -> T {
        do {
            return try read(try await exchange(request))
        } catch {
            report(error)
            throw error
        }
    }

    /// Sends `request` and decodes its 2xx body as `type`.
    func perform<O: Decodable>(_ request: PBRequest, as type: O.Type) async throws(BackendError) -> O {
        try await perform(request) { delivery throws(BackendError) in try delivery.decoded(as: type) }
    }

    /// Sends `request` and ignores its 2xx body.
    func performDiscardingBody(_ request: PBRequest) async throws(BackendError) {
        try await perform(request) { _ in }
    }
}
