import Foundation
import Testing

@testable import PalbeCodegen

/// Builds small specs around fragments and looks into what the generator makes of them.
enum Harness {
    /// A 3.1 (or `version`) document with the given `paths` and `components.schemas` members.
    static func spec(paths: String = "", schemas: String = "", version: String = "3.1.0") -> String {
        """
        {"openapi": "\(version)", "info": {"title": "T", "version": "1"},
         "paths": {\(paths)},
         "components": {"schemas": {\(schemas)}}}
        """
    }

    /// A path item with one operation.
    static func path(_ path: String, _ method: String = "get", _ operation: String) -> String {
        "\"\(path)\": {\"\(method)\": \(operation)}"
    }

    /// A JSON response body of `schema`.
    static func json200(_ schema: String, status: String = "200") -> String {
        "\"responses\": {\"\(status)\": {\"description\": \"OK\", \"content\": {\"application/json\": {\"schema\": \(schema)}}}}"
    }

    /// A required JSON request body of `schema`.
    static func body(_ schema: String) -> String {
        "\"requestBody\": {\"required\": true, \"content\": {\"application/json\": {\"schema\": \(schema)}}}"
    }

    /// An operation that returns `schema`, so the schema is reachable and emitted.
    static func returning(_ schema: String, id: String = "models.get") -> String {
        path("/m", "get", "{\"operationId\": \"\(id)\", \(json200(schema))}")
    }

    static func generate(_ json: String, options: CodegenOptions = CodegenOptions()) throws -> GeneratedOutput {
        try CodeGenerator(options: options).generate(specData: Data(json.utf8), specName: "openapi.json")
    }

    /// The error generation fails with, `nil` when it succeeds.
    static func failure(_ json: String) -> CodegenError? {
        do {
            _ = try CodeGenerator().generate(specData: Data(json.utf8), specName: "openapi.json")
            return nil
        } catch {
            return error
        }
    }

    /// The contents of the file `name`, or `""` when the output has no such file.
    static func file(_ output: GeneratedOutput, _ name: String) -> String {
        output.files.first { $0.name == name }?.contents ?? ""
    }

    /// Every file's text joined, for checks that do not care where a declaration lives.
    static func allText(_ output: GeneratedOutput) -> String {
        output.files.map(\.contents).joined(separator: "\n")
    }
}

/// Records an issue showing both texts when `text` does not contain `snippet`.
func expectContains(_ text: String, _ snippet: String, sourceLocation: SourceLocation = #_sourceLocation) {
    if !text.contains(snippet) {
        Issue.record("expected snippet not found:\n\(snippet)\n--- in ---\n\(text)", sourceLocation: sourceLocation)
    }
}

/// Records an issue when `text` contains `snippet`.
func expectLacks(_ text: String, _ snippet: String, sourceLocation: SourceLocation = #_sourceLocation) {
    if text.contains(snippet) {
        Issue.record("unexpected snippet found:\n\(snippet)", sourceLocation: sourceLocation)
    }
}
