import EmulatorCore
import ErrorCore
import Foundation

/// A request body read as a JSON object: an empty body is `{}`; anything but an object is 400 `bad_request`.
struct AuthBody {
    private let members: [String: AnyCodableValue]

    private init(members: [String: AnyCodableValue]) {
        self.members = members
    }

    init(_ data: Data) throws {
        if data.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) {
            members = [:]
            return
        }
        guard let object = SampleJSON.parse(data)?.objectValue else {
            throw PalbaseHTTPError.badRequest("The body must be a JSON object")
        }
        members = object
    }

    /// A required string; empty counts as missing unless `allowEmpty` (a password, whose emptiness is a
    /// length problem rather than a missing field).
    func string(_ key: String, allowEmpty: Bool = false) throws -> String {
        guard let value = try optionalString(key), allowEmpty || !value.isEmpty else {
            throw AuthErrors.badRequest(field: key, "Required")
        }
        return value
    }

    /// A string, or nil when absent or null.
    func optionalString(_ key: String) throws -> String? {
        switch members[key] {
        case nil, .null?: return nil
        case .string(let value)?: return value
        case let other?: throw AuthErrors.badRequest(field: key, "Expected string, received \(other.kindName)")
        }
    }
}

extension AuthBody {
    /// A boolean, or nil when absent or null.
    func optionalBool(_ key: String) throws -> Bool? {
        switch members[key] {
        case nil, .null?: return nil
        case .bool(let value)?: return value
        case let other?: throw AuthErrors.badRequest(field: key, "Expected boolean, received \(other.kindName)")
        }
    }

    /// A nested object, or nil when absent or null.
    func optionalObject(_ key: String) throws -> AuthBody? {
        switch members[key] {
        case nil, .null?: return nil
        case .object(let value)?: return AuthBody(members: value)
        case let other?: throw AuthErrors.badRequest(field: key, "Expected object, received \(other.kindName)")
        }
    }
}
