import ErrorCore
import Foundation

/// Why the generator produced nothing: the spec is not JSON, not a document it can read, or
/// would produce Swift that cannot compile.
///
/// Every case that concerns the spec carries the JSON pointer of the offending node
/// (`/paths/~1todos/get/operationId`), so the message says where to look. Generation never
/// traps and never emits code that does not compile: a construct the generator cannot map is
/// either one of these errors or a ``CodegenWarning`` with a documented fallback.
public enum CodegenError: Error, Sendable, Equatable {
    /// The spec is not valid JSON; `line` and `column` are 1-based.
    case invalidJSON(line: Int, column: Int, reason: String)
    /// The document is not an OpenAPI 3.0, 3.1 or 3.2 document (`found` is its `openapi` or
    /// `swagger` value, or a description of what is missing).
    case unsupportedVersion(found: String)
    /// A node has the wrong shape, such as a string where the spec requires an object.
    case invalidSpec(pointer: String, reason: String)
    /// A `$ref` names nothing in the document or points outside it (a `$ref` chain that loops
    /// back on itself is an ``invalidSpec(pointer:reason:)``).
    case unresolvedReference(pointer: String, reference: String)
    /// An operation has no `operationId`, or one that is not `namespace.method` / `method`.
    case invalidOperationID(pointer: String, reason: String)
    /// Two declarations would get the same Swift name (after camelCasing), or the same file
    /// name on a case-insensitive file system. `pointers` names every contender.
    case duplicateName(name: String, pointers: [String])
    /// A construct the generator does not map and for which no safe fallback exists.
    case unsupported(pointer: String, reason: String)
    /// Generating the spec would take more than ``CodegenOptions/workLimit`` steps (`limit`): its
    /// schemas expand out of all proportion to its size, typically inline schemas referenced from
    /// several places, which are mapped anew at every use. `pointer` is the node reached when the
    /// budget ran out.
    case workLimitExceeded(pointer: String, limit: Int)
    /// ``CodegenOptions/warningsAsErrors`` is set and generation produced these warnings.
    case warningsAsErrors([CodegenWarning])
    /// Reading or writing the output directory failed.
    case fileSystem(path: String, reason: String)
}

extension CodegenError: SDKError, LocalizedError, CustomStringConvertible {
    /// Always `"palbe"`: the generator is part of the Palbe toolchain.
    public var sdkName: String { "palbe" }

    /// A stable snake_case code per case, such as `codegen_invalid_json`.
    public var errorCode: String {
        switch self {
        case .invalidJSON: "codegen_invalid_json"
        case .unsupportedVersion: "codegen_unsupported_version"
        case .invalidSpec: "codegen_invalid_spec"
        case .unresolvedReference: "codegen_unresolved_reference"
        case .invalidOperationID: "codegen_invalid_operation_id"
        case .duplicateName: "codegen_duplicate_name"
        case .unsupported: "codegen_unsupported"
        case .workLimitExceeded: "codegen_work_limit_exceeded"
        case .warningsAsErrors: "codegen_warnings_as_errors"
        case .fileSystem: "codegen_file_system"
        }
    }

    /// Always `nil`: no HTTP request is involved.
    public var httpStatus: Int? { nil }

    /// Always `nil`: no server is involved.
    public var serverRequestID: String? { nil }

    /// The pointer of the offending node, when the error concerns one.
    public var pointer: String? {
        switch self {
        case .invalidSpec(let pointer, _), .unresolvedReference(let pointer, _), .invalidOperationID(let pointer, _),
            .unsupported(let pointer, _), .workLimitExceeded(let pointer, _):
            pointer
        case .duplicateName(_, let pointers): pointers.first
        case .invalidJSON, .unsupportedVersion, .warningsAsErrors, .fileSystem: nil
        }
    }

    /// One line for people: what is wrong and where.
    public var description: String {
        switch self {
        case .invalidJSON(let line, let column, let reason):
            "the spec is not valid JSON: line \(line), column \(column): \(reason)"
        case .unsupportedVersion(let found):
            "the spec is not an OpenAPI 3.0, 3.1 or 3.2 document (found \(found))"
        case .invalidSpec(let pointer, let reason):
            "\(Self.show(pointer)): \(reason)"
        case .unresolvedReference(let pointer, let reference):
            "\(Self.show(pointer)): $ref \"\(reference)\" does not resolve to a node of this document"
        case .invalidOperationID(let pointer, let reason):
            "\(Self.show(pointer)): \(reason)"
        case .duplicateName(let name, let pointers):
            "two declarations would both be named \(name): \(pointers.map(Self.show).joined(separator: " and "))"
        case .unsupported(let pointer, let reason):
            "\(Self.show(pointer)): \(reason)"
        case .workLimitExceeded(let pointer, let limit):
            "\(Self.show(pointer)): generating this spec takes more than \(limit) steps; its schemas expand "
                + "exponentially (inline schemas used in several places are mapped anew each time: move them to "
                + "components/schemas)"
        case .warningsAsErrors(let warnings):
            "\(warnings.count) warning(s) treated as errors; first: \(warnings.first?.description ?? "-")"
        case .fileSystem(let path, let reason):
            "\(path): \(reason)"
        }
    }

    /// The same text as ``description``.
    public var errorDescription: String? { description }

    private static func show(_ pointer: String) -> String {
        pointer.isEmpty ? "#" : "#" + pointer
    }
}
