import ErrorCore
import Foundation
import SDKTransport

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
/// | `Content-Type` | `multipart/form-data; boundary=…` | with an upload |
/// | `X-Palbase-Sealed` | `v1` | with a sealed body |
/// | `X-PoW-Challenge-ID`, `X-PoW-Nonce` | a solved challenge | the retry after `pow_required` |
/// | `X-Palbase-Attest-Key`, `X-Palbase-Attest-Assertion` | key id, `<challenge>.<assertion>` | the retry after `app_attest_required` |
///
/// The last four come from the attempt (``Attempt/headers``, set by ``ProofOfWorkRecovery`` and
/// ``AppAttestRecovery``). Then the caller's headers, sorted by name: a non-blank value replaces the
/// SDK's own, a blank one is ignored (a header is correct or absent, never empty). `X-Palbase-Sealed`, and an upload's
/// `Content-Type`, stay the SDK's, because they must describe the body actually sent.
enum ClientHeaders {
    /// The headers for one attempt of `request`.
    static func make(
        for request: PreparedRequest, base: RequestBase, session: SessionHeaders, extra: HTTPHeaders
    ) -> HTTPHeaders {
        var fields = [(name: "apikey", value: base.apiKey)]
        if let bearer = session.bearer?.nonBlank { fields.append((name: "Authorization", value: "Bearer \(bearer)")) }
        if let dpop = session.dpop?.nonBlank { fields.append((name: "DPoP", value: dpop)) }
        fields += base.identity
        // Built as a list: the names above are distinct, so no lookup is needed until the caller's.
        var headers = HTTPHeaders(fields)
        if let contentType = request.contentType { headers["Content-Type"] = contentType }
        if request.sealing != nil { headers[BodySealer.header] = BodySealer.version }
        for field in extra {
            headers[field.name] = field.value
        }
        for field in request.callerHeaders where field.value.nonBlank != nil {
            guard !HTTPHeaders.sameName(field.name, BodySealer.header) else { continue }
            // An upload's Content-Type carries its boundary: another one would make the body unreadable.
            if request.upload != nil, HTTPHeaders.sameName(field.name, "Content-Type") { continue }
            headers[field.name] = field.value
        }
        return headers
    }

    /// The headers that do not depend on the request or a session: `apikey`, then the identity.
    static func base(_ base: RequestBase) -> HTTPHeaders {
        HTTPHeaders([(name: "apikey", value: base.apiKey)] + base.identity)
    }

    /// `Palbe/<version> (<os> <major>.<minor>.<patch>)`.
    static let userAgent: String = {
        let version = ProcessInfo.processInfo.operatingSystemVersion
        return "Palbe/\(PalbeClient.version) (\(operatingSystemName) "
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
package struct SessionHeaders: Sendable, Equatable {
    /// The access token, when a session exists and the path is not allowlisted.
    package var bearer: String?
    /// The DPoP proof, on the three session-binding paths.
    package var dpop: String?

    /// Headers carrying `bearer` and `dpop`; none by default.
    package init(bearer: String? = nil, dpop: String? = nil) {
        self.bearer = bearer
        self.dpop = dpop
    }
}

extension HTTPHeaders {
    /// ASCII case-insensitive name comparison.
    static func sameName(_ lhs: String, _ rhs: String) -> Bool {
        lhs.lowercased() == rhs.lowercased()
    }
}
