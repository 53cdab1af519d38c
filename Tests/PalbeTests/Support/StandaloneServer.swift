import Foundation
import HTTPServer

/// Runs `body` against a bare ``HTTPServer`` on 127.0.0.1 answering with `handler`, for answers
/// the emulator never gives (broken framing, forged sealed bodies); always shuts it down.
func withStandaloneServer<T>(
    _ handler: @escaping HTTPServer.Handler, _ body: (URL) async throws -> T
) async throws -> T {
    let server = HTTPServer(handler: handler)
    try server.start()
    do {
        let result = try await body(server.baseURL)
        await server.shutdown()
        return result
    } catch {
        await server.shutdown()
        throw error
    }
}
