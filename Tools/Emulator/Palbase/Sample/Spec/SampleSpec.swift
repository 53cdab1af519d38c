import EmulatorCore
import ErrorCore
import Foundation

/// The sample backend's contract: an OpenAPI 3.1 document, by default `Specs/palbase/openapi.json`, the file
/// the code generator reads too, so a change to the contract is one edit that both follow.
///
/// The backend serves what the document declares: its bytes at `GET /openapi.json`, its paths and methods
/// (an unknown path falls through, a known one with another method answers 405 with `Allow`), each
/// operation's `x-palbase-errors` with the declared status, the limits its body schema sets on the fields the
/// handlers check, an upload's `x-palbase-upload`, and every schema marked `x-palbase-collection: <name>` as
/// the schema that documents collection enforces. Loading refuses a document the backend cannot honour: see
/// ``init(data:)``.
///
/// Conventions the document follows for the code generator: operation ids are `<namespace>.<method>`
/// (`health` has no dot, `messaging.send` is in a reserved namespace); nullable fields are `type: [T, "null"]`;
/// `rooms.search` uses the OpenAPI 3.2 `query` operation key plus `x-palbase-method: QUERY`; `todos.attach` is
/// an upload, a `multipart/form-data` body with a binary `file`.
package struct SampleSpec: Sendable {
    /// The document as it was read, served byte for byte at `GET /openapi.json`.
    package let data: Data
    /// Every operation, by `operationId`.
    package let operations: [String: SampleSpecOperation]
    /// The schemas of the documents collections (`x-palbase-collection`), by collection name.
    package let documentSchemas: [String: SampleDocumentSchema]
    /// The paths, most specific first.
    let paths: [SamplePathTemplate]

    /// Reads a document.
    ///
    /// Throws ``SampleSpecError`` when it is not JSON (a repeated key included), or not a document the backend
    /// can serve: a path it cannot match, an operation without an id or with a repeated one, two paths that
    /// match the same requests, a malformed `x-palbase-errors`, `x-palbase-upload` or size keyword, or, for an
    /// operation the backend implements (``SampleOperation``), a path template naming other parameters than
    /// its handler reads, an error the handler answers that the operation does not declare, or an upload
    /// without `x-palbase-upload`; a collection schema using what ``SampleDocumentSchema`` cannot enforce.
    package init(data: Data) throws(SampleSpecError) {
        let root: ExactJSON
        do {
            root = try ExactJSONParser.parse(Array(data), duplicateKeys: .reject)
        } catch {
            throw SampleSpecError(
                pointer: "", reason: "not JSON: line \(error.line), column \(error.column): \(error.reason)")
        }
        let document = SampleSpecValue(root: root)
        var operations: [String: SampleSpecOperation] = [:]
        var paths: [SamplePathTemplate] = []
        for (path, item) in try document.member("paths").members() {
            var template = try SamplePathTemplate(path, at: item)
            if let twin = paths.first(where: { $0.shape == template.shape }) {
                throw item.failure("matches the same requests as \(twin.text)")
            }
            for (key, node) in try item.members() where Self.operationKeys.contains(key) {
                let operation = try SampleSpecOperation(node, key: key, path: path)
                guard operations[operation.id] == nil else {
                    throw node.failure("the operationId \(operation.id) is used twice")
                }
                guard template.operations.updateValue(operation.id, forKey: operation.method) == nil else {
                    throw node.failure("\(path) has two \(operation.method) operations")
                }
                try Self.check(operation, template: template, at: node)
                operations[operation.id] = operation
            }
            paths.append(template)
        }
        self.data = data
        self.operations = operations
        self.paths = paths.sorted(by: SamplePathTemplate.isMoreSpecific)
        documentSchemas = try Self.collections(in: document)
    }

    /// Reads the document at `url`; errors name the file.
    package init(contentsOf url: URL) throws {
        let data = try Data(contentsOf: url)
        do {
            try self.init(data: data)
        } catch {
            var located = error
            located.source = url.path
            throw located
        }
    }

    /// `Specs/palbase/openapi.json` of this checkout (see ``SpecsDirectory``).
    package static var repositoryURL: URL { SpecsDirectory.file("palbase/openapi.json") }

    /// The repository's document, read once: what a ``SampleBackendConfiguration`` serves unless given
    /// another.
    ///
    /// The file is part of the checkout and a test keeps it loadable, so failing to read it is a broken
    /// checkout: the process stops with the reason rather than serve a backend without a contract.
    package static let repository: SampleSpec = {
        do {
            return try SampleSpec(contentsOf: repositoryURL)
        } catch {
            preconditionFailure("The Palbase sample backend cannot load its OpenAPI document: \(error)")
        }
    }()

    /// The keys of a path item that hold operations (OpenAPI 3.1's methods, and 3.2's `query`).
    static let operationKeys: Set<String> = [
        "get", "put", "post", "delete", "options", "head", "patch", "trace", "query",
    ]

    /// The path and operation `method` at `segments` (percent-decoded) is served by, with its parameters;
    /// nil when no path of the document matches.
    ///
    /// Throws 405 `method_not_allowed` (with `Allow`) when a path matches but holds no such method.
    func operation(method: String, segments: [String]) throws -> (SampleSpecOperation, [String: String])? {
        for template in paths {
            guard let parameters = template.match(segments) else { continue }
            guard let id = template.operations[method], let operation = operations[id] else {
                throw SampleErrors.methodNotAllowed(allowed: template.operations.keys.sorted())
            }
            return (operation, parameters)
        }
        return nil
    }

    /// The upload rules of `todos.attach`, when the document declares it.
    package var attachmentRules: SampleAttachmentRules? {
        operations[SampleOperation.attachToTodo.rawValue]?.upload
    }
}
