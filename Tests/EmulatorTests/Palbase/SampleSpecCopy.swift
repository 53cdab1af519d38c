import Emulator
import ErrorCore
import Foundation
import Testing

@testable import EmulatorCore
@testable import EmulatorPalbase

/// A copy of `Specs/palbase/openapi.json` a test edits, then loads the way the emulator loads any document.
struct SampleSpecCopy {
    /// The document as it stands.
    var document: AnyCodableValue

    /// The committed document.
    init() throws {
        document = try #require(SampleJSON.parse(try Data(contentsOf: SampleOpenAPIDocumentTests.specURL)))
    }

    /// Changes the member at `path` (object keys from the root; every step but the last must exist): `change`
    /// gets it (nil when absent) and sets it (nil removes it).
    mutating func edit(_ path: String..., change: (inout AnyCodableValue?) -> Void) {
        Self.edit(&document, path[...], change)
    }

    /// Sets the member at `path`.
    mutating func set(_ path: String..., to value: AnyCodableValue?) {
        Self.edit(&document, path[...]) { $0 = value }
    }

    /// Changes every entry of an operation's `x-palbase-errors`, removing those `change` turns into nil.
    mutating func editDeclaredErrors(
        path: String, method: String, _ change: @escaping (AnyCodableValue) -> AnyCodableValue?
    ) {
        edit("paths", path, method, "x-palbase-errors") { errors in
            errors = errors?.arrayValue.map { .array($0.compactMap(change)) }
        }
    }

    /// The edited document's bytes.
    var data: Data { SampleJSON.render(document) }

    /// The edited document, loaded.
    func load() throws -> SampleSpec { try SampleSpec(data: data) }

    /// Why loading the edited document fails; nil when it loads.
    func refusal() -> SampleSpecError? {
        do {
            _ = try SampleSpec(data: data)
            return nil
        } catch {
            return error
        }
    }

    private static func edit(
        _ value: inout AnyCodableValue, _ path: ArraySlice<String>, _ change: (inout AnyCodableValue?) -> Void
    ) {
        guard case .object(var members) = value, let key = path.first else { return }
        if path.count == 1 {
            var member = members[key]
            change(&member)
            members[key] = member
        } else if var member = members[key] {
            edit(&member, path.dropFirst(), change)
            members[key] = member
        }
        value = .object(members)
    }
}
