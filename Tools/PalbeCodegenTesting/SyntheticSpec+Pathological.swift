import ErrorCore
import Foundation

/// Small documents whose naive expansion is huge: the shapes of issue 18's codegen blow-ups, for the
/// time-bounded tests and the codegen benchmark. Each has one operation, `pathological.get`,
/// returning the schema at the top of the structure.
extension SyntheticSpec {
    /// `allOf` fan-out: `S_i = allOf[$ref S_{i+1}, $ref S_{i+1}, {properties: {field_i}}]` for `i` below
    /// `depth`, and `S_depth` an object with one property. Expanded member by member it is 2^`depth`
    /// merges; each schema's merged shape is only `depth - i + 1` properties.
    package static func allOfFanOut(depth: Int) -> Data {
        let levels = max(1, depth)
        var schemas = ExactJSONObject()
        for level in 0..<levels {
            let next = reference("S\(level + 1)")
            let own: ExactJSON = .object([
                "type": .string("object"),
                "properties": .object(["field_\(level)": .object(["type": .string("string")])]),
            ])
            _ = schemas.insert(.object(["allOf": .array([next, next, own])]), forKey: "S\(level)")
        }
        _ = schemas.insert(leafObject, forKey: "S\(levels)")
        return document(schemas: schemas, returning: "S0")
    }

    /// A chain of `length` aliases, `A0 → A1 → … → A<length-1> → Target`, each a component that is only a
    /// `$ref` to the next. Resolving every alias by walking the rest of the chain is quadratic in `length`.
    package static func aliasChain(length: Int) -> Data {
        let count = max(1, length)
        var schemas = ExactJSONObject()
        for index in 0..<count {
            _ = schemas.insert(reference(index + 1 < count ? "A\(index + 1)" : "Target"), forKey: "A\(index)")
        }
        _ = schemas.insert(leafObject, forKey: "Target")
        return document(schemas: schemas, returning: "A0")
    }

    /// Inline schemas that reference one another outside `components/schemas`:
    /// `Root/properties/level_i` has `width` properties, each a `$ref` to `level_{i+1}`, for `depth`
    /// levels. Inline schemas are mapped, and declared, once per use, so the client this spec asks for
    /// has `width`^`depth` nested types: no cache helps, only a bound on the work.
    package static func inlineFanOut(depth: Int, width: Int) -> Data {
        let levels = max(1, depth)
        var levelSchemas = ExactJSONObject()
        for level in 0..<levels {
            var properties = ExactJSONObject()
            for member in 0..<max(1, width) {
                let target = "#/components/schemas/Root/properties/level_\(level + 1)"
                _ = properties.insert(.object(["$ref": .string(target)]), forKey: "m\(member)")
            }
            let schema: ExactJSON = .object(["type": .string("object"), "properties": .object(properties)])
            _ = levelSchemas.insert(schema, forKey: "level_\(level)")
        }
        _ = levelSchemas.insert(leafObject, forKey: "level_\(levels)")
        var schemas = ExactJSONObject()
        _ = schemas.insert(.object(["type": .string("object"), "properties": .object(levelSchemas)]), forKey: "Root")
        return document(schemas: schemas, returning: "Root")
    }

    private static func reference(_ name: String) -> ExactJSON {
        .object(["$ref": .string("#/components/schemas/" + name)])
    }

    private static var leafObject: ExactJSON {
        .object(["type": .string("object"), "properties": .object(["id": .object(["type": .string("string")])])])
    }

    private static func document(schemas: ExactJSONObject, returning name: String) -> Data {
        let response: ExactJSON = .object([
            "description": .string("OK"),
            "content": .object(["application/json": .object(["schema": reference(name)])]),
        ])
        let operation: ExactJSON = .object([
            "operationId": .string("pathological.get"), "responses": .object(["200": response]),
        ])
        let document: ExactJSONObject = [
            "openapi": .string("3.1.0"),
            "info": .object(["title": .string("Pathological"), "version": .string("1.0.0")]),
            "paths": .object(["/pathological": .object(["get": operation])]),
            "components": .object(["schemas": .object(schemas)]),
        ]
        return Data(ExactJSON.object(document).jsonText.utf8)
    }
}
