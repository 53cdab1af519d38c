import ErrorCore
import Foundation

/// Builds large, deterministic OpenAPI documents for benchmarks and scale tests.
///
/// ```swift
/// let spec = SyntheticSpec.make(operations: 1_000, schemas: 500)
/// let output = try CodeGenerator().generate(specData: spec, specName: "synthetic.json")
/// ```
///
/// The document exercises every rule the generator has: namespaces of twenty operations each,
/// all six verbs (QUERY through both the `query` key and `x-palbase-method`), path, query and
/// header parameters, inline and referenced bodies, 200/201/204 responses, declared errors with
/// and without payloads, string enums with keyword values, nullable and three-way PATCH
/// fields, dates, free-form objects, dictionaries and references between schemas (acyclic).
/// Every schema is referenced by at least one operation when `operations >= schemas`.
package enum SyntheticSpec {
    /// A document with `operations` operations and `schemas` component schemas (each at
    /// least 1); the same arguments always give the same bytes.
    package static func make(operations: Int, schemas: Int) -> Data {
        let schemaCount = max(1, schemas)
        let operationCount = max(1, operations)
        var componentSchemas = ExactJSONObject()
        for index in 0..<schemaCount {
            _ = componentSchemas.insert(.object(model(index)), forKey: modelName(index))
        }
        var paths = ExactJSONObject()
        for index in 0..<operationCount {
            let (path, item) = pathItem(index, schemaCount: schemaCount)
            _ = paths.insert(.object(item), forKey: path)
        }
        let document: ExactJSONObject = [
            "openapi": .string("3.1.0"),
            "info": .object(["title": .string("Synthetic"), "version": .string("1.0.0")]),
            "paths": .object(paths),
            "components": .object(["schemas": .object(componentSchemas)]),
        ]
        return Data(ExactJSON.object(document).jsonText.utf8)
    }

    private static func modelName(_ index: Int) -> String {
        let digits = String(index)
        return "Model" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    private static func reference(_ index: Int) -> ExactJSON {
        .object(["$ref": .string("#/components/schemas/" + modelName(index))])
    }

    private static func model(_ index: Int) -> ExactJSONObject {
        var properties: ExactJSONObject = [
            "id": .object(["type": .string("string")]),
            "display_name": .object(["type": .string("string"), "description": .string("Shown to people.")]),
            "created_at": .object(["type": .string("string"), "format": .string("date-time")]),
            "count": .object(["type": .string("integer")]),
            "score": .object(["type": .array([.string("number"), .string("null")])]),
            "kind": .object([
                "type": .string("string"),
                "enum": .array(["alpha", "beta", "public", "in_progress"].map { .string($0) }),
            ]),
            "tags": .object(["type": .string("array"), "items": .object(["type": .string("string")])]),
            "metadata": .object(["type": .string("object"), "additionalProperties": .bool(true)]),
        ]
        if index > 0 { _ = properties.insert(reference(index / 2), forKey: "parent") }
        if index % 5 == 0 {
            _ = properties.insert(.object(["type": .array([.string("string"), .string("null")])]), forKey: "note")
        }
        if index % 7 == 0 {
            _ = properties.insert(
                .object(["type": .string("object"), "additionalProperties": .object(["type": .string("integer")])]),
                forKey: "labels")
        }
        return [
            "type": .string("object"),
            "description": .string("Synthetic model \(index)."),
            "properties": .object(properties),
            "required": .array(["id", "display_name", "created_at", "score"].map { .string($0) }),
        ]
    }

    private static func pathItem(_ index: Int, schemaCount: Int) -> (String, ExactJSONObject) {
        let namespace = "area\(index / 20)"
        let shape = index % 6
        let name = ["get", "list", "create", "update", "remove", "search"][shape] + String(index % 20)
        let model = reference(index % schemaCount)
        let base = "/\(namespace)/r\(index % 20)"
        var operation: ExactJSONObject = [
            "operationId": .string("\(namespace).\(name)"), "summary": .string("Operation \(index)."),
        ]
        let idParameter: ExactJSON = .object([
            "name": .string("item_id"), "in": .string("path"), "required": .bool(true),
            "schema": .object(["type": .string("string")]),
        ])
        let jsonBody: (ExactJSON) -> ExactJSON = { schema in
            .object(["required": .bool(true), "content": .object(["application/json": .object(["schema": schema])])])
        }
        let jsonResponse: (ExactJSON) -> ExactJSON = { schema in
            .object([
                "description": .string("OK"), "content": .object(["application/json": .object(["schema": schema])]),
            ])
        }
        let notFound: ExactJSON = .object(["code": .string("not_found"), "status": .number("404")])
        var path = base
        var verb = "get"
        switch shape {
        case 0:
            path += "/{item_id}"
            _ = operation.insert(.array([idParameter]), forKey: "parameters")
            _ = operation.insert(.object(["200": jsonResponse(model)]), forKey: "responses")
            _ = operation.insert(.array([notFound]), forKey: "x-palbase-errors")
        case 1:
            _ = operation.insert(
                .array([queryParameter("page", "integer"), queryParameter("per_page", "integer"), tagsParameter()]),
                forKey: "parameters")
            _ = operation.insert(
                .object(["200": jsonResponse(.object(["type": .string("array"), "items": model]))]), forKey: "responses"
            )
        case 2:
            verb = "post"
            _ = operation.insert(jsonBody(model), forKey: "requestBody")
            _ = operation.insert(.object(["201": jsonResponse(model)]), forKey: "responses")
            _ = operation.insert(
                .array([payloadError("quota_exceeded", "limit", "integer", 429)]), forKey: "x-palbase-errors")
        case 3:
            verb = "patch"
            path += "/{item_id}"
            _ = operation.insert(.array([idParameter]), forKey: "parameters")
            _ = operation.insert(jsonBody(model), forKey: "requestBody")
            _ = operation.insert(.object(["200": jsonResponse(model)]), forKey: "responses")
            _ = operation.insert(
                .array([notFound, payloadError("locked", "retry_after", "number", 409)]), forKey: "x-palbase-errors")
        case 4:
            verb = "delete"
            path += "/{item_id}"
            let header: ExactJSON = .object([
                "name": .string("If-Match"), "in": .string("header"), "schema": .object(["type": .string("string")]),
            ])
            _ = operation.insert(.array([idParameter, header]), forKey: "parameters")
            _ = operation.insert(.object(["204": .object(["description": .string("Removed.")])]), forKey: "responses")
        default:
            verb = index % 2 == 0 ? "query" : "post"
            if verb == "post" { _ = operation.insert(.string("QUERY"), forKey: "x-palbase-method") }
            path += "/search"
            let input: ExactJSON = .object([
                "type": .string("object"),
                "properties": .object([
                    "text": .object(["type": .string("string")]), "limit": .object(["type": .string("integer")]),
                ]),
            ])
            let result: ExactJSON = .object([
                "type": .string("object"),
                "properties": .object([
                    "items": .object(["type": .string("array"), "items": model]),
                    "total": .object(["type": .string("integer")]),
                ]),
                "required": .array([.string("items"), .string("total")]),
            ])
            _ = operation.insert(jsonBody(input), forKey: "requestBody")
            _ = operation.insert(.object(["200": jsonResponse(result)]), forKey: "responses")
        }
        return (path, [verb: .object(operation)])
    }

    private static func queryParameter(_ name: String, _ type: String) -> ExactJSON {
        .object(["name": .string(name), "in": .string("query"), "schema": .object(["type": .string(type)])])
    }

    private static func tagsParameter() -> ExactJSON {
        .object([
            "name": .string("tags"), "in": .string("query"),
            "schema": .object(["type": .string("array"), "items": .object(["type": .string("string")])]),
        ])
    }

    private static func payloadError(_ code: String, _ field: String, _ type: String, _ status: Int) -> ExactJSON {
        .object([
            "code": .string(code), "status": .number(String(status)),
            "data": .object([
                "type": .string("object"), "properties": .object([field: .object(["type": .string(type)])]),
                "required": .array([.string(field)]),
            ]),
        ])
    }
}
