import ErrorCore
import Foundation

/// Where a client gets the sealing key: the pinned one, or the server's, fetched once and cached.
///
/// Concurrent first uses share one fetch. A failed fetch is not cached, so the next sealed request
/// tries again.
actor SealingKeyStore {
    private let pinned: String?
    private var cached: SealingKey?
    private var inFlight: Task<SealingKey, any Error>?

    /// A store for the configuration's pinned key (base64url), or none.
    init(pinned: String?) {
        self.pinned = pinned?.nonBlank
    }

    /// The key to seal to; `fetch` runs only when nothing is pinned and nothing is cached yet.
    func key(fetch: @escaping @Sendable () async throws -> SealingKey) async throws(SealingUnavailable) -> SealingKey {
        if let cached { return cached }
        if let pinned {
            let key = try SealingKey(pinned: pinned)
            cached = key
            return key
        }
        let task = inFlight ?? Task { try await fetch() }
        inFlight = task
        do {
            let key = try await task.value
            cached = key
            inFlight = nil
            return key
        } catch let error as SealingUnavailable {
            inFlight = nil
            throw error
        } catch {
            inFlight = nil
            throw SealingUnavailable("the sealing key could not be fetched", underlying: error)
        }
    }
}
