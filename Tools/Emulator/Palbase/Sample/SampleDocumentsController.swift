import EmulatorCore
import ErrorCore
import Foundation

/// The schema-enforced documents of the sample backend under `/v1/docs` (operations `docs.insert` and
/// `docs.get`).
///
/// The path is sealed: the platform unseals the request and seals the answer, so this controller sees and
/// writes plaintext. A collection name must look like one (`^[a-z][a-z0-9_]{0,62}$`, else `bad_request`),
/// must have a registered schema (else `collection_not_found`), and an inserted document must satisfy it
/// (else 400 `schema_validation_failed` with one detail per problem).
struct SampleDocumentsController {
    let context: SampleContext

    /// POST /v1/docs/{collection} with the document as the body → 201 `{id, collection, data, created_at}`.
    func insert(collection: String) throws -> PalbaseResponse {
        let schema = try schema(for: collection)
        guard context.request.body.count <= context.configuration.maxBodyBytes else {
            throw SampleErrors.payloadTooLarge(limit: context.configuration.maxBodyBytes)
        }
        let document = try SampleBodyReader.parseValue(context.request.body)
        let problems = schema.problems(in: document)
        guard problems.isEmpty else { throw SampleErrors.schemaValidationFailed(problems) }

        let id = context.newID("doc")
        try context.store.execute(
            "INSERT INTO sample_documents (tenant, collection, id, data, created_at) VALUES (?, ?, ?, ?, ?)",
            [
                .text(context.tenant), .text(collection), .text(id),
                .text(String(decoding: SampleJSON.render(document), as: UTF8.self)), .integer(context.now),
            ])
        return .json(Self.json(id: id, collection: collection, data: document, createdAt: context.now), status: 201)
    }

    /// GET /v1/docs/{collection}/{id}.
    func get(collection: String, id: String) throws -> PalbaseResponse {
        _ = try schema(for: collection)
        let rows = try context.store.query(
            "SELECT data, created_at FROM sample_documents WHERE tenant = ? AND collection = ? AND id = ?",
            [.text(context.tenant), .text(collection), .text(id)])
        guard let row = rows.first else {
            throw context.error(.documentNotFound, "Document not found")
        }
        let data = row.string("data").flatMap { SampleJSON.parse(Data($0.utf8)) } ?? .object([:])
        return .json(Self.json(id: id, collection: collection, data: data, createdAt: row.int64("created_at") ?? 0))
    }

    private func schema(for collection: String) throws -> SampleDocumentSchema {
        guard Self.isCollectionName(collection) else {
            throw SampleErrors.badRequest([
                SampleFieldIssue(field: "collection", message: "Must match ^[a-z][a-z0-9_]{0,62}$")
            ])
        }
        guard let schema = context.configuration.documentSchemas[collection] else {
            throw context.error(.collectionNotFound, "No schema is registered for this collection")
        }
        return schema
    }

    /// `^[a-z][a-z0-9_]{0,62}$`, checked on bytes so no Unicode look-alike passes.
    static func isCollectionName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard let first = bytes.first, bytes.count <= 63, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first)
        else { return false }
        return bytes.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: "_")
        }
    }

    private static func json(id: String, collection: String, data: AnyCodableValue, createdAt: Int64) -> AnyCodableValue
    {
        .object([
            "id": .string(id), "collection": .string(collection), "data": data,
            "created_at": SampleJSON.timestamp(createdAt),
        ])
    }
}
