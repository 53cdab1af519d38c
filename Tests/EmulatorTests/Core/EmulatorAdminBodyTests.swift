import Emulator
import EmulatorTestSupport
import Foundation
import Testing

@testable import EmulatorCore

/// How strictly the admin API reads a JSON body (here `POST /__emulator/faults`), case by case: what it
/// accepts, and the 400 `bad_request` message for what it refuses, which names the offending key.
@Suite struct EmulatorAdminBodyTests {
    static let message = "The body is not valid JSON for this route: "

    /// `(body, the stored rule's path prefix, or the refusal's message after "…for this route: ")`.
    static let cases: [(String, Result<String, Refusal>)] = [
        // Keys: snake_case or already camelCase; the last of a repeated key wins; unknown keys are ignored.
        (#"{"path_prefix":"/a","action":{"type":"drop_after_headers"}}"#, .success("/a")),
        (#"{"pathPrefix":"/a","action":{"type":"drop_after_headers"}}"#, .success("/a")),
        (#"{"path_prefix":"/a","path_prefix":"/b","action":{"type":"drop_after_headers"}}"#, .success("/b")),
        (#"{"path_prefix":"/a","colour":"red","action":{"type":"drop_after_headers","why":1}}"#, .success("/a")),
        // Numbers: an integer may be written with a zero fraction or an exponent, not with a fraction.
        (#"{"path_prefix":"/a","count":2.0,"action":{"type":"drop_after_headers"}}"#, .success("/a")),
        (#"{"path_prefix":"/a","count":1e1,"action":{"type":"drop_after_headers"}}"#, .success("/a")),
        (#"{"path_prefix":"/a","count":1.5,"action":{"type":"drop_after_headers"}}"#, .failure("malformed JSON")),
        // Types, missing keys and null, named by their coding path.
        (#"{"path_prefix":"/a","count":"2","action":{"type":"drop_after_headers"}}"#, .failure("bad count")),
        (#"{"path_prefix":7,"action":{"type":"drop_after_headers"}}"#, .failure("bad pathPrefix")),
        (#"{"path_prefix":null,"action":{"type":"drop_after_headers"}}"#, .failure("bad pathPrefix")),
        (#"{"action":{"type":"drop_after_headers"}}"#, .failure("missing pathPrefix")),
        (#"{"path_prefix":"/a","action":{"type":"delay","milliseconds":"5"}}"#, .failure("bad action.milliseconds")),
        (#"{"path_prefix":"/a","action":{"type":"delay"}}"#, .failure("missing milliseconds")),
        (#"{"path_prefix":"/a","action":{"type":"nope"}}"#, .failure("bad action.type")),
        (#"{"path_prefix":"/a","action":[]}"#, .failure("bad action")),
        // Not an object, not JSON, nested deeper than the exact parser reads (256 levels).
        ("[]", .failure("malformed JSON")),
        ("null", .failure("malformed JSON")),
        (#"{"path_prefix":"/a",}"#, .failure("malformed JSON")),
        (
            #"{"path_prefix":"/a","x":\#(String(repeating: "[", count: 300) + String(repeating: "]", count: 300)),"#
                + #""action":{"type":"drop_after_headers"}}"#, .failure("malformed JSON")
        ),
    ]

    /// A refusal's message, after the common prefix.
    struct Refusal: Error, Equatable {
        let reason: String
    }

    @Test(arguments: cases)
    func readsTheBodyStrictly(body: String, expected: Result<String, Refusal>) async throws {
        try await withEmulator { server, client async throws in
            let response = try await client.send("POST", "/__emulator/faults", json: body)
            switch expected {
            case .success(let prefix):
                #expect(response.status == 201, "\(String(decoding: response.body, as: UTF8.self))")
                #expect(try server.faults.all().map(\.pathPrefix) == [prefix])
            case .failure(let refusal):
                #expect(response.status == 400)
                #expect(response.jsonObject()?["error"] as? String == "bad_request")
                #expect(response.jsonObject()?["error_description"] as? String == Self.message + refusal.reason)
                #expect(try server.faults.all().isEmpty)
            }
        }
    }
}

extension EmulatorAdminBodyTests.Refusal: ExpressibleByStringLiteral {
    init(stringLiteral reason: String) { self.reason = reason }
}
