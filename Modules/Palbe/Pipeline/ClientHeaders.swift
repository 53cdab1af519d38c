import ErrorCore
import Foundation

/// The header set every request carries, in wire order.
///
/// | header | value | when |
/// | --- | --- | --- |
/// | `apikey` | the API key | always |
/// | `Authorization` | `Bearer <token>` | a session exists and the path is not allowlisted |
/// | `DPoP` | a proof | `/auth/login`, `/auth/signup`, `/auth/token/refresh` |
/// | `User-Agent` | `Palbe/<version> (<os>)` | always |
/// | `X-Palbase-Client` | `palbe-swift/<version>` | always |
/// | `X-Palbase-Client-Version` | the host app's short version | when known and not blank |
/// | `Accept` | `application/json` | always |
/// | `Content-Type` | `application/json` | with a body |
/// | `X-Palbase-Sealed` | `v1` | with a sealed body |
/// | `X-PoW-Challenge-ID`, `X-PoW-Nonce` | a solved challenge | the retry after `pow_required` |
///
/// Then the caller's headers, sorted by name: a non-blank value replaces the SDK's own, a blank one
/// is ignored (a header is correct or absent, never empty). `X-Palbase-Sealed` stays the SDK's,
/// because it must describe the body actually sent.
enum ClientHeaders {
    /// The headers for one attempt of `request`.
    static func make(
        for request: PreparedRequest, configuration: PalbeConfiguration, session: SessionHeaders,
        proof: ProofOfWorkSolution?
    ) -> HTTPHeaders {
        var headers = HTTPHeaders()
        headers["apikey"] = configuration.apiKey
        if let bearer = session.bearer?.nonBlank { headers["Authorization"] = "Bearer \(bearer)" }
        if let dpop = session.dpop?.nonBlank { headers["DPoP"] = dpop }
        addIdentity(to: &headers, configuration: configuration)
        if request.body != nil { headers["Content-Type"] = "application/json" }
        if request.sealing != nil { headers[BodySealer.header] = BodySealer.version }
        if let proof {
            headers["X-PoW-Challenge-ID"] = proof.challengeID
            headers["X-PoW-Nonce"] = proof.nonce
        }
        for field in request.callerHeaders where field.value.nonBlank != nil {
            guard !HTTPHeaders.sameName(field.name, BodySealer.header) else { continue }
            headers[field.name] = field.value
        }
        return headers
    }

    /// The headers that do not depend on the request or a session: `apikey`, then the identity.
    static func base(configuration: PalbeConfiguration) -> HTTPHeaders {
        var headers = HTTPHeaders()
        headers["apikey"] = configuration.apiKey
        addIdentity(to: &headers, configuration: configuration)
        return headers
    }

    /// `User-Agent`, `X-Palbase-Client`, `X-Palbase-Client-Version` (when known) and `Accept`.
    private static func addIdentity(to headers: inout HTTPHeaders, configuration: PalbeConfiguration) {
        headers["User-Agent"] = userAgent
        headers["X-Palbase-Client"] = "palbe-swift/\(Palbe.version)"
        if let appVersion = configuration.appVersion?.trimmingCharacters(in: .whitespacesAndNewlines).nonBlank {
            headers["X-Palbase-Client-Version"] = appVersion
        }
        headers["Accept"] = "application/json"
    }

    /// `Palbe/<version> (<os> <major>.<minor>.<patch>)`.
    static let userAgent: String = {
        let version = ProcessInfo.processInfo.operatingSystemVersion
        return "Palbe/\(Palbe.version) (\(operatingSystemName) "
            + "\(version.majorVersion).\(version.minorVersion).\(version.patchVersion))"
    }()

    private static var operatingSystemName: String {
        #if os(iOS)
            "iOS"
        #elseif os(macOS)
            "macOS"
        #elseif os(tvOS)
            "tvOS"
        #elseif os(watchOS)
            "watchOS"
        #elseif os(visionOS)
            "visionOS"
        #elseif os(Linux)
            "Linux"
        #elseif os(Windows)
            "Windows"
        #else
            "unknown"
        #endif
    }
}

/// What the session layer adds to one attempt.
struct SessionHeaders: Sendable {
    /// The access token, when a session exists and the path is not allowlisted.
    var bearer: String?
    /// The DPoP proof, on the three session-binding paths.
    var dpop: String?
}

extension HTTPHeaders {
    /// ASCII case-insensitive name comparison.
    static func sameName(_ lhs: String, _ rhs: String) -> Bool {
        lhs.lowercased() == rhs.lowercased()
    }
}
