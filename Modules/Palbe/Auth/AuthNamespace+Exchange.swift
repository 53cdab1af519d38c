import ErrorCore
import Foundation

/// The conversion point: every auth request goes through the client's one transport path (headers,
/// sealing, DPoP, recovery rules, trace) and every failure becomes an ``AuthError`` here
/// (``AuthErrorMapping``).
extension AuthNamespace {
    /// Sends `request`; a failure is mapped with the response it ended on.
    func send(_ request: PBRequest) async throws(AuthError) -> Delivery {
        var rejection: ExchangeRejection?
        do {
            return try await client.exchange(request, rejection: &rejection)
        } catch {
            throw AuthErrorMapping.error(for: error, status: rejection?.status, retryAfter: rejection?.retryAfter)
        }
    }

    /// Sends `request` through a token rotation's own plan (a step-up's verify); mapped as ``send(_:)``.
    func send(_ request: PBRequest, through rotation: SessionManager.Rotation) async throws(AuthError) -> Delivery {
        var rejection: ExchangeRejection?
        do {
            return try await rotation.send(request, rejection: &rejection)
        } catch {
            throw AuthErrorMapping.error(for: error, status: rejection?.status, retryAfter: rejection?.retryAfter)
        }
    }

    /// `delivery`'s body as `type`; a mismatch is ``AuthError/http(status:code:message:requestId:)``
    /// with code `decoding_error` and the response's status and request id.
    func decode<O: Decodable>(_ delivery: Delivery, as type: O.Type) throws(AuthError) -> O {
        try AuthErrorMapping.decode(delivery, as: type)
    }

    /// Sends a request that mints a session, adopts it (persisted, listeners told) and returns its user.
    func signIn(with request: PBRequest) async throws(AuthError) -> AuthSuccess {
        let response = try decode(try await send(request), as: SessionResponse.self)
        await session.adopt(response.session)
        return AuthSuccess(user: response.user)
    }
}
