import Foundation
import HTTPServer
import TestSupport
import Testing

/// Starting, connection limits, shutdown, and leaks.
@Suite(.hangGuard)
struct LifecycleTests {
    @Test func connectionsBeyondTheLimitGet503AndACloseWhenNoneCanBeShed() async throws {
        // Both slots run handlers, the server's own work, which is never shed (idle and trickling
        // connections would be: see the next test and SlowClientTests).
        let release = TestSignal()
        let started = [TestSignal(), TestSignal()]
        let handler: HTTPServer.Handler = { request in
            if let index = Int(request.path.dropFirst("/hold/".count)), request.path.hasPrefix("/hold/") {
                started[index].fire()
                _ = await release.wait(timeout: .seconds(30))
            }
            return await EchoReport.handler(request)
        }
        let configuration = ServerTestHarness.configuration(idleTimeout: .seconds(60), maxConnections: 2)
        try await ServerTestHarness.withServer(configuration, handler: handler) { server in
            var held: [ServerTestClient] = []
            for index in 0..<2 {
                let client = try await ServerTestClient.connect(port: server.port)
                try await client.send("GET /hold/\(index) HTTP/1.1\r\nHost: x\r\n\r\n")
                #expect(await started[index].wait(timeout: ServerTestClient.defaultTimeout))
                held.append(client)
            }
            let extra = try await ServerTestClient.connect(port: server.port)
            let refused = try await extra.readResponse()
            #expect(refused.status == 503)
            #expect(refused.closesConnection)
            #expect(refused.text == #"{"error":"service_unavailable"}"#)
            #expect(try await extra.readUntilClose().isEmpty)
            #expect(server.openConnectionCount == 2)

            // The held exchanges were untouched; once a slot frees up, new connections are served again.
            release.fire()
            for client in held { #expect(try await client.readResponse().status == 200) }
            await held[0].close()
            #expect(await server.waitForOpenConnections(atMost: 1))
            let next = try await ServerTestClient.connect(port: server.port)
            try await next.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try await next.readResponse().status == 200)
        }
    }

    @Test func aFullServerShedsItsLongestIdleConnection() async throws {
        let configuration = ServerTestHarness.configuration(idleTimeout: .seconds(60), maxConnections: 2)
        try await ServerTestHarness.withServer(configuration, handler: EchoReport.handler) { server in
            // Two kept-alive connections, idle after one exchange each; the first has waited longer.
            var idle: [ServerTestClient] = []
            for _ in 0..<2 {
                let client = try await ServerTestClient.connect(port: server.port)
                try await client.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
                #expect(try await client.readResponse().status == 200)
                idle.append(client)
            }
            let newcomer = try await ServerTestClient.connect(port: server.port)
            try await newcomer.send("GET /new HTTP/1.1\r\nHost: x\r\n\r\n")
            let served = try await newcomer.readResponse()
            #expect(served.status == 200)
            #expect(try EchoReport.decode(served.body).path == "/new")
            // The longest idle one was closed without a word; the other still serves.
            #expect(try await idle[0].readUntilClose().isEmpty)
            try await idle[1].send("GET /again HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try await idle[1].readResponse().status == 200)
        }
    }

    @Test func shutdownEndsIdleBusyAndStreamingConnections() async throws {
        let streaming = TestSignal()
        let handling = TestSignal()
        let handler: HTTPServer.Handler = { request in
            switch request.path {
            case "/slow":
                handling.fire()
                // Ignores nothing: the sleep ends early because shutdown cancels the handler.
                try? await Task.sleep(for: .seconds(30))
                return HTTPServerResponse(body: Data("late".utf8))
            case "/stream":
                return .stream { writer in
                    try await writer.write("first")
                    streaming.fire()
                    while true {
                        _ = await TestSignal().wait(timeout: .seconds(30)); try Task.checkCancellation()
                    }
                }
            default:
                return HTTPServerResponse(body: Data("ok".utf8))
            }
        }
        // The idle connection must still be open when shutdown comes, however long a busy machine takes.
        let server = HTTPServer(
            configuration: ServerTestHarness.configuration(idleTimeout: .seconds(60)), handler: handler)
        let port = try server.start()
        let idle = try await ServerTestClient.connect(port: port)
        try await idle.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try await idle.readResponse().text == "ok")
        let busy = try await ServerTestClient.connect(port: port)
        try await busy.send("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n")
        let stream = try await ServerTestClient.connect(port: port)
        try await stream.send("GET /stream HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(await handling.wait(timeout: ServerTestClient.defaultTimeout))
        #expect(await streaming.wait(timeout: ServerTestClient.defaultTimeout))
        #expect(server.openConnectionCount == 3)

        let start = ContinuousClock.now
        try await ServerTestHarness.stop(server)
        // Far below the 60 s idle timeout and the slow handler, with room for a loaded machine.
        #expect(ContinuousClock.now - start < .seconds(15))
        #expect(server.openConnectionCount == 0)
        for client in [idle, busy, stream] {
            #expect(await client.waitForClose(timeout: .seconds(2)))
            await client.close()
        }
        await #expect(throws: LoopbackClient.Failure.self) { try await ServerTestClient.connect(port: port) }
        #expect(ServerProcessProbe.socketDescriptors(port: port) == 0)
        #expect(ServerProcessProbe.threadCount(named: "http-c:\(port)") == 0)
        #expect(ServerProcessProbe.threadCount(named: "http-a:\(port)") == 0)
    }

    @Test func manyConnectionsLeaveNoDescriptorsOrThreadsBehind() async throws {
        let server = HTTPServer(configuration: ServerTestHarness.configuration(), handler: EchoReport.handler)
        let port = try server.start()
        // Only descriptors tied to this server's port are counted: other suites open and close
        // descriptors in parallel, so the process-wide total is not stable enough to compare.
        // Threads are checked after shutdown, which joins them; before it, finished threads may
        // still be on their way out.
        #expect(ServerProcessProbe.socketDescriptors(port: port) == 1)  // the listener
        // 200 connections, 8 at a time, mixing clean closes, keep-alive clients that hang up,
        // and clients that vanish mid-request.
        try await withThrowingTaskGroup(of: Void.self) { group in
            for worker in 0..<8 {
                group.addTask {
                    for index in 0..<25 {
                        let client = try await ServerTestClient.connect(port: port)
                        switch (worker + index) % 3 {
                        case 0:
                            try await client.send("GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                            _ = try await client.readUntilClose()
                        case 1:
                            try await client.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
                            _ = try await client.readResponse()
                        default:
                            try await client.send("POST / HTTP/1.1\r\nContent-Length: 100\r\n\r\npartial")
                        }
                        await client.close()
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(await server.waitForOpenConnections(atMost: 0))
        #expect(ServerProcessProbe.socketDescriptors(port: port) == 1)

        try await ServerTestHarness.stop(server)
        #expect(ServerProcessProbe.socketDescriptors(port: port) == 0)
        #expect(ServerProcessProbe.threadCount(named: "http-c:\(port)") == 0)
        #expect(ServerProcessProbe.threadCount(named: "http-a:\(port)") == 0)
    }

    @Test func writesToVanishedClientsNeverCrashTheServer() async throws {
        let body = Data(repeating: 0x63, count: 4 << 20)
        let handler: HTTPServer.Handler = { _ in HTTPServerResponse(body: body) }
        try await ServerTestHarness.withServer(handler: handler) { server in
            for _ in 0..<5 {
                let client = try await ServerTestClient.connect(port: server.port)
                try await client.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
                _ = try await client.read(count: 100)
                await client.close()
            }
            #expect(await server.waitForOpenConnections(atMost: 0))
            let client = try await ServerTestClient.connect(port: server.port)
            try await client.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try await client.readResponse().body.count == body.count)
        }
    }

    @Test func startRefusesBadAddressesAndSecondStarts() async throws {
        var configuration = HTTPServer.Configuration()
        configuration.host = "not-an-address"
        #expect(throws: HTTPServerError.invalidAddress(host: "not-an-address", port: 0)) {
            try HTTPServer(configuration: configuration, handler: EchoReport.handler).start()
        }

        let server = HTTPServer(handler: EchoReport.handler)
        let port = try server.start()
        #expect(port > 0)
        #expect(server.port == port)
        #expect(server.baseURL.absoluteString == "http://127.0.0.1:\(port)")
        #expect(throws: HTTPServerError.alreadyStarted) { try server.start() }

        var taken = HTTPServer.Configuration()
        taken.port = port
        #expect(throws: HTTPServerError.systemCallFailed(operation: "bind", code: EADDRINUSE)) {
            try HTTPServer(configuration: taken, handler: EchoReport.handler).start()
        }

        try await ServerTestHarness.stop(server)
        try await ServerTestHarness.stop(server)  // a second shutdown returns at once
        #expect(throws: HTTPServerError.stopped) { try server.start() }
    }

    @Test func shutdownBeforeStartIsHarmless() async throws {
        let server = HTTPServer(handler: EchoReport.handler)
        try await ServerTestHarness.stop(server)
        #expect(server.openConnectionCount == 0)
        #expect(throws: HTTPServerError.stopped) { try server.start() }
    }
}
