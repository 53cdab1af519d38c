import EmulatorTestSupport
import ErrorCore
import Foundation
import Palbe
import Testing

/// The golden vectors in `Specs/vectors/backend-errors.json`, read through ``PackageRoot`` so no bundle
/// resources are needed.
struct BackendErrorVectors: Decodable {
    let responses: [ResponseRow]
    let success: [ResponseRow]
    let transport: [TransportRow]

    static func load() throws -> BackendErrorVectors {
        let url = PackageRoot.appending("Specs/vectors/backend-errors.json")
        return try JSONDecoder().decode(BackendErrorVectors.self, from: Data(contentsOf: url))
    }

    typealias ResponseRow = VectorResponseRow<Expectation>
    typealias TransportRow = VectorTransportRow<Expectation>

    /// What a row must produce. Optional members are checked only when present.
    struct Expectation: Decodable, Sendable {
        let `case`: String
        let code: String?
        let statusCode: Int?
        let requestId: String?
        let message: String?
        let messageIsStatusText: Bool?
        let fields: [FieldRow]?
        let serverCode: String?
        let retryAfter: Int??
        let data: AnyCodableValue?
        let detailInts: [String: Int]?

        enum CodingKeys: String, CodingKey {
            case `case`, code, message, fields, data
            case statusCode = "status_code"
            case requestId = "request_id"
            case messageIsStatusText = "message_is_status_text"
            case serverCode = "server_code"
            case retryAfter = "retry_after"
            case detailInts = "detail_ints"
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            `case` = try container.decode(String.self, forKey: .case)
            code = try container.decodeIfPresent(String.self, forKey: .code)
            statusCode = try container.decodeIfPresent(Int.self, forKey: .statusCode)
            requestId = try container.decodeIfPresent(String.self, forKey: .requestId)
            message = try container.decodeIfPresent(String.self, forKey: .message)
            messageIsStatusText = try container.decodeIfPresent(Bool.self, forKey: .messageIsStatusText)
            fields = try container.decodeIfPresent([FieldRow].self, forKey: .fields)
            serverCode = try container.decodeIfPresent(String.self, forKey: .serverCode)
            // Present-and-null ("no Retry-After") differs from absent ("not checked").
            retryAfter =
                container.contains(.retryAfter)
                ? .some(try container.decodeIfPresent(Int.self, forKey: .retryAfter)) : .none
            data = try container.decodeIfPresent(AnyCodableValue.self, forKey: .data)
            detailInts = try container.decodeIfPresent([String: Int].self, forKey: .detailInts)
        }
    }

    struct FieldRow: Decodable, Sendable, Equatable {
        let field: String
        let message: String
    }
}

/// The type the vectors' `success` rows decode as.
struct VectorTodo: Decodable, Sendable {
    let id: String
    let title: String
    let completed: Bool
    let createdAt: Date
}
