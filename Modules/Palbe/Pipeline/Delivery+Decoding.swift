import ErrorCore
import Foundation

extension Delivery {
    /// The body as `O`, through the SDK's snake_case decoder; an empty body reads as JSON `null`
    /// (so `Optional` and `AnyCodableValue` accept a 204). A mismatch is ``BackendError/decode(_:)``
    /// carrying the response's request id.
    package func decoded<O: Decodable>(as type: O.Type) throws(BackendError) -> O {
        let body = body.isEmpty ? Data("null".utf8) : body
        do {
            return try Self.decoder.decode(type, from: body)
        } catch {
            throw .decode(
                CodecFailure(
                    message: "The response did not match \(CodingErrorDescription.describe(error, type: type))",
                    requestId: requestID, underlying: error))
        }
    }

    private static let decoder = SDKCoders.snakeCaseDecoder()
}
