import EmulatorCore

/// The knobs of the sample backend; every default keeps the backend permissive.
package struct SampleBackendConfiguration: Sendable {
    /// The contract served: routes, declared errors, limits and collection schemas (see `SampleSpec`).
    package var spec: SampleSpec
    /// Most todos one caller may hold (archived ones count, deleted ones do not); `todos.create` answers
    /// 429 `todo_quota_exceeded` with `{limit}` beyond it.
    package var todoQuota: Int
    /// The per-API-key request rate, or nil (the default) for no limit. Beyond it every sample route
    /// answers 429 `rate_limited` with `Retry-After`.
    package var rateLimit: SampleRateLimit?
    /// Largest request body one sample operation accepts, in bytes (413 `payload_too_large` beyond).
    package var maxBodyBytes: Int
    /// The schemas `POST /v1/docs/{collection}` enforces, by collection name.
    package var documentSchemas: [String: SampleDocumentSchema]

    /// Creates a configuration: the repository's OpenAPI document, quota 500, no rate limit, 64 KiB bodies,
    /// and the collections the document declares unless `documentSchemas` replaces them.
    package init(
        spec: SampleSpec = .repository, todoQuota: Int = 500, rateLimit: SampleRateLimit? = nil,
        maxBodyBytes: Int = 64 << 10, documentSchemas: [String: SampleDocumentSchema]? = nil
    ) {
        self.spec = spec
        self.todoQuota = todoQuota
        self.rateLimit = rateLimit
        self.maxBodyBytes = maxBodyBytes
        self.documentSchemas = documentSchemas ?? spec.documentSchemas
    }
}
