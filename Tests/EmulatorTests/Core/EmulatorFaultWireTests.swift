import Emulator
import EmulatorTestSupport
import Foundation
import Testing

@testable import EmulatorCore

/// The connection faults byte for byte, read with a raw socket.
@Suite struct EmulatorFaultWireTests {
    private static func rawPost(_ server: EmulatorServer, port: Int) async throws -> [UInt8] {
        let body = #"{"id":"w","text":"0123456789"}"#
        let socket = try await ServerTestClient.connect(port: port)
        try await socket.send(
            "POST /notes HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\napikey: \(server.apiKey)\r\n"
                + "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
        return try await socket.readUntilClose()
    }

    @Test func dropBeforeResponseSendsNothing() async throws {
        try await withEmulator { server, client async throws in
            try server.addFault(.dropBeforeResponse, pathPrefix: "/notes", count: 1)
            let bytes = try await Self.rawPost(server, port: client.baseURL.port ?? 0)
            #expect(bytes.isEmpty)
        }
    }

    @Test func dropAfterHeadersSendsTheHeadOnly() async throws {
        try await withEmulator { server, client async throws in
            try server.addFault(.dropAfterHeaders, pathPrefix: "/notes", count: 1)
            let text = String(decoding: try await Self.rawPost(server, port: client.baseURL.port ?? 0), as: UTF8.self)
            #expect(text.hasPrefix("HTTP/1.1 201"))
            #expect(text.lowercased().contains("x-request-id: req_"))
            #expect(text.hasSuffix("\r\n\r\n"))
        }
    }

    @Test func dropMidBodySendsThatManyBodyBytes() async throws {
        try await withEmulator { server, client async throws in
            try server.addFault(.dropMidBody(afterBytes: 5), pathPrefix: "/notes", count: 1)
            let text = String(decoding: try await Self.rawPost(server, port: client.baseURL.port ?? 0), as: UTF8.self)
            let parts = text.components(separatedBy: "\r\n\r\n")
            #expect(parts.count == 2)
            #expect(parts.first?.hasPrefix("HTTP/1.1 201") == true)
            #expect(parts.last == #"{"id""#)
        }
    }
}
