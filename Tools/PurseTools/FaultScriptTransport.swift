import EmulatorPurse
import ErrorCore
import Foundation
import SDKTransport

/// A transport that plays each session's `validate` fault script, one fault per attempt, in order:
/// a client-side fault fails the attempt before sending; a server-side one becomes a one-shot emulator
/// fault rule for exactly that session's `validate` path, added just before the attempt is sent. Every
/// other request, and every attempt after the script, passes through untouched.
final class FaultScriptTransport: Transport {
    /// A session's remaining faults, each with its emulator action (`nil`: client-side).
    typealias Script = [(fault: PurseChaosFault, action: FaultAction?)]

    private let base: any Transport
    private let server: EmulatorServer
    private let scripts = Locked<[String: Script]>([:])
    private let attempts = Locked(0)

    /// How many `validate` attempts went through it (those dropped before sending included).
    var validateAttempts: Int { attempts.withLock { $0 } }

    init(base: any Transport, server: EmulatorServer) {
        self.base = base
        self.server = server
    }

    /// Sets the script of the session whose `validate` path ends with `/sessions/<sessionID>/validate`.
    func setScript(_ script: Script, sessionID: String) {
        scripts.withLock { $0[sessionID] = script }
    }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let components = request.url.pathComponents
        if request.method == "POST", components.last == "validate", components.count >= 3 {
            let sessionID = components[components.count - 2]
            attempts.withLock { $0 += 1 }
            let next = scripts.withLock { scripts -> (fault: PurseChaosFault, action: FaultAction?)? in
                guard var script = scripts[sessionID], !script.isEmpty else { return nil }
                defer { scripts[sessionID] = script }
                return script.removeFirst()
            }
            if let next {
                guard let action = next.action else {
                    throw TransportError(
                        code: .cannotConnectToHost, requestSent: false, message: "chaos: dropped before sending")
                }
                try server.addFault(action, method: "POST", pathPrefix: request.url.path, count: 1)
            }
        }
        return try await base.send(request)
    }

    func stream(_ request: HTTPRequest) async throws -> HTTPStreamingResponse {
        try await base.stream(request)
    }
}
