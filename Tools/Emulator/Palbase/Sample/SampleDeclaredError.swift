import EmulatorCore
import ErrorCore
import Foundation

/// An error an operation of the sample backend declares in the OpenAPI document's `x-palbase-errors`
/// (`{code, status, description, data?}`), so generated clients lift it into a typed case (`todo_locked` →
/// `.todoLocked(TodoLockedData)`).
///
/// Read from the document (see `SampleSpec`): a handler names the code (`SampleErrorCode`) and the payload,
/// and the operation's entry gives the status, so what is sent is what is declared.
package struct SampleDeclaredError: Sendable, Equatable {
    /// The wire code, `error` in the envelope.
    package let code: String
    /// The HTTP status.
    package let status: Int
    /// What the error means, as the document describes it.
    package let summary: String
    /// The JSON Schema of `data`, or nil when the error carries no payload.
    package let dataSchema: AnyCodableValue?

    /// Creates a declared error.
    package init(code: String, status: Int, summary: String, dataSchema: AnyCodableValue? = nil) {
        self.code = code
        self.status = status
        self.summary = summary
        self.dataSchema = dataSchema
    }

    /// The error to throw, with the envelope's `error_description`, the typed payload and extra headers.
    package func error(
        _ description: String, data: AnyCodableValue? = nil, headers: [(String, String)] = []
    ) -> PalbaseHTTPError {
        PalbaseHTTPError(status: status, code: code, description: description, data: data, headers: headers)
    }
}

extension SampleDeclaredError {
    /// Reads one `x-palbase-errors` entry: `code` (snake_case) and `status` (400–599) required,
    /// `description` and an object `data` schema optional.
    init(entry: SampleSpecValue) throws(SampleSpecError) {
        let code = try entry.member("code").string()
        guard code.wholeMatch(of: /[a-z][a-z0-9_]*/) != nil else {
            throw entry.failure("the code \(code) is not snake_case")
        }
        let dataSchema = try entry["data"].map { data throws(SampleSpecError) in
            guard case .object = data.value else { throw data.failure("expected an object schema") }
            return AnyCodableValue(data.value)
        }
        self.init(
            code: code, status: try entry.member("status").int(in: 400...599),
            summary: try entry["description"]?.string() ?? "", dataSchema: dataSchema)
    }
}
