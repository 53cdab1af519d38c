import Foundation

extension AnyCodableValue {
    /// The value read as `T`, or `nil` when it does not match; never throws.
    ///
    /// The value is written back to JSON (keys as they are) and decoded with `decoder`, by default
    /// ``SDKCoders/snakeCaseDecoder()``, so an open error payload gets the same key mapping and
    /// date rules as a successful response:
    ///
    /// ```swift
    /// struct TodoLocked: Decodable { let retryAfter: Int }
    /// let info = envelope.data?.decoded(as: TodoLocked.self)   // from {"retry_after": 30}
    /// ```
    ///
    /// Pass ``SDKCoders/camelCaseDecoder()`` for a camelCase wire.
    public func decoded<T: Decodable>(
        as type: T.Type, using decoder: JSONDecoder = SDKCoders.snakeCaseDecoder()
    )
        -> T?
    {
        guard let data = try? JSONEncoder().encode(self) else { return nil }
        return try? decoder.decode(T.self, from: data)
    }
}
