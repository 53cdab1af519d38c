import Foundation

/// `{"mfa_required":true,"mfa_token","factors"}`: what a sign-in rail (a magic link, an OAuth code) answers
/// instead of a session for an account with a second factor.
struct MFAChallengeAnswer: Decodable {
    let mfaRequired: Bool?
    let mfaToken: String?
    let factors: [String]?

    /// The challenge `delivery` carries, or nil when it carries none (it is a session then).
    ///
    /// - Throws: ``AuthError/http(status:code:message:requestId:)`` `decoding_error` for `mfa_required`
    ///   without `mfa_token`.
    static func challenge(in delivery: Delivery) throws(AuthError) -> (token: String, factors: [String])? {
        let answer = try AuthErrorMapping.decode(delivery, as: MFAChallengeAnswer.self)
        guard answer.mfaRequired == true else { return nil }
        guard let token = answer.mfaToken else {
            throw .http(
                status: delivery.status, code: "decoding_error",
                message: "The response did not match MFAChallengeAnswer: mfa_required without mfa_token",
                requestId: delivery.requestID)
        }
        return (token, answer.factors ?? [])
    }
}
