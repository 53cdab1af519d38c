import ErrorCore
import Foundation
import SDKTransport

/// The one place where failures become the SDK's public errors.
///
/// - The caller's Task was cancelled, or anything threw `CancellationError` (a tool handler
///   included), or a transport reported `.cancelled`: `CancellationError`.
/// - A ``TransportError`` (no response, connection lost, timeout): `APIError.networkError` holding
///   a `URLError` with the transport's code.
/// - A `DecodingError`: `ChatError.decodingFailed`.
/// - ``APIError`` and ``ChatError`` pass through unchanged.
enum ChatbaseFailure {
    static func map(_ error: any Error) -> any Error {
        if error is CancellationError || Task.isCancelled { return CancellationError() }
        switch error {
        case let error as APIError:
            return error
        case let error as ChatError:
            return error
        case let error as TransportError:
            return error.code == .cancelled ? CancellationError() : APIError.networkError(error.urlError)
        case let error as URLError:
            return error.code == .cancelled ? CancellationError() : APIError.networkError(error)
        case let error as DecodingError:
            return ChatError.decodingFailed(CodingErrorDescription.describe(error))
        case let error as EncodingError:
            return ChatError.decodingFailed("a request could not be encoded: \(ChatbaseLog.summary(error))")
        default:
            return error
        }
    }

    /// Runs `operation`, mapping whatever it throws with ``map(_:)``.
    static func mapping<T>(_ operation: () async throws -> T) async throws -> T {
        do {
            return try await operation()
        } catch {
            throw map(error)
        }
    }
}
