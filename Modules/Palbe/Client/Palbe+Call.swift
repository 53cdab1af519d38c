import ErrorCore
import Foundation

extension Palbe {
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

    /// Sends `request` and decodes its 2xx body; every failure is reported to the hook once, here.
    func perform<O: Decodable>(_ request: PBRequest, as type: O.Type) async throws(BackendError) -> O {
        do {
            let delivery = try await exchange(request)
            return try Self.decode(type, from: delivery)
        } catch {
            report(error)
            throw error
        }
    }

    /// Sends `request` and ignores its 2xx body; every failure is reported to the hook once, here.
    func performDiscardingBody(_ request: PBRequest) async throws(BackendError) {
        do {
            _ = try await exchange(request)
        } catch {
            report(error)
            throw error
        }
    }

    /// `delivery`'s body as `O`, through the SDK's snake_case decoder; an empty body reads as `null`.
    static func decode<O: Decodable>(_ type: O.Type, from delivery: Delivery) throws(BackendError) -> O {
        let body = delivery.body.isEmpty ? Data("null".utf8) : delivery.body
        do {
            return try decoder.decode(type, from: body)
        } catch {
            throw .decode(
                CodecFailure(
                    message: "The response did not match \(String(describing: type)): \(describe(error))",
                    requestId: delivery.requestID, underlying: error))
        }
    }

    /// A `DecodingError` as one line naming what was wrong and where, never the offending values.
    static func describe(_ error: any Error) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let path = context.codingPath.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }
                .joined()
            return path.isEmpty ? "the top level" : String(path.drop { $0 == "." })
        }
        guard let decodingError = error as? DecodingError else { return String(describing: error) }
        switch decodingError {
        case .keyNotFound(let key, let context):
            return "missing key \"\(key.stringValue)\" at \(path(context))"
        case .typeMismatch(let expected, let context):
            return "expected \(expected) at \(path(context))"
        case .valueNotFound(let expected, let context):
            return "expected \(expected), found null at \(path(context))"
        case .dataCorrupted(let context):
            return "\(context.debugDescription) at \(path(context))"
        @unknown default:
            return String(describing: decodingError)
        }
    }

    private static let decoder = SDKCoders.snakeCaseDecoder()
}

/// A 2xx answer: its (unsealed) body and request id.
struct Delivery: Sendable {
    let status: Int
    let body: Data
    let requestID: String?
}
