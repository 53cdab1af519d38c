import EmulatorCore
import ErrorCore
import Foundation

/// One session of the auth service: a refresh-token family with its access tokens, bound to a DPoP key.
struct AuthSession: Sendable {
    let id: String
    let userID: String
    /// The RFC 7638 thumbprint of the DPoP key the session is bound to; nil until a proof binds it (a
    /// session minted by a rail that carries no proof, e.g. OTP, binds on its first refresh).
    let dpopThumbprint: String?
    /// When the user last proved who they are (sign-in), in milliseconds; "recent" is measured from here.
    let authenticatedAt: Int64
    let createdAt: Int64
    let revokedAt: Int64?
    let revokedReason: String?

    init(row: SQLiteRow) {
        id = row.string("id") ?? ""
        userID = row.string("user_id") ?? ""
        dpopThumbprint = row.string("dpop_jkt")
        authenticatedAt = row.int64("authenticated_at") ?? 0
        createdAt = row.int64("created_at") ?? 0
        revokedAt = row.int64("revoked_at")
        revokedReason = row.string("revoked_reason")
    }

    /// The admin API's view: never a token.
    var adminJSON: AnyCodableValue {
        [
            "id": .string(id), "user_id": .string(userID),
            "dpop_jkt": dpopThumbprint.map(AnyCodableValue.string) ?? .null,
            "authenticated_at": Self.timestamp(authenticatedAt), "created_at": Self.timestamp(createdAt),
            "revoked_at": revokedAt.map(Self.timestamp) ?? .null,
            "revoked_reason": revokedReason.map(AnyCodableValue.string) ?? .null,
        ]
    }

    static func timestamp(_ milliseconds: Int64) -> AnyCodableValue {
        .string(EmulatorJSON.timestamp(Date(timeIntervalSince1970: Double(milliseconds) / 1000)))
    }
}
