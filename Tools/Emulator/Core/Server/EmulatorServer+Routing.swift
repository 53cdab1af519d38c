import ErrorCore
import Foundation
import HTTPServer

extension EmulatorServer {
    /// Answers one request the way the listening server does (admin API, faults, request log, mounts);
    /// usable in-process without a socket. Everything past the first line reads the request's
    /// canonical path only (``CanonicalRoute``).
    package func respond(to request: HTTPServerRequest) async -> HTTPServerResponse {
        let request = CanonicalRoute.request(request)
        let mount = RunningMount.covering(request.path, in: running)
        if let refusal = requestGuard?.refuseHost(request.headers) {
            return refused(refusal, path: request.path, shape: AdminAPI.covers(request.path) ? nil : mount?.errorShape)
        }
        if AdminAPI.covers(request.path) {
            if let refusal = EmulatorRequestGuard(port: requestGuard?.port ?? 0, adminToken: adminToken)
                .refuseAdmin(request)
            {
                return refused(refusal, path: request.path, shape: nil)
            }
            return await AdminAPI(server: self).respond(to: request)
        }
        let requestID = "req_" + UUID().uuidString.lowercased()
        // The log and the fault table are aids: if the database fails, the request is still answered.
        let logID = try? requestLog.record(
            request, requestID: requestID,
            redactingBody: mount?.service?.redactsLoggedBody(subpath: mount?.mount.subpath(of: request.path) ?? "/")
                == true)
        let shape = mount?.errorShape ?? .palbase
        var response: HTTPServerResponse
        switch try? faults.take(method: request.method, path: request.path)?.action {
        case .status(let status, let error, let description, let retryAfter):
            response = shape.response(
                status: status, code: error, message: description, path: request.path, requestID: requestID,
                headers: retryAfter.map { [("Retry-After", String($0))] } ?? [])
        case .malformedJSON(let status):
            response = Self.malformedJSON(status: status, requestID: requestID)
        case .delay(let milliseconds) where mount?.service?.appliesDelayFaults == true:
            // The service waits at its own execution point (Purse: after claiming the idempotency key).
            response = await answer(request, mount: mount, requestID: requestID, delay: .milliseconds(milliseconds))
        case .delay(let milliseconds):
            try? await Task.sleep(for: .milliseconds(milliseconds))
            response = await answer(request, mount: mount, requestID: requestID)
        case .dropBeforeExecuting:
            response = HTTPServerResponse(status: 500, fault: .closeBeforeResponding)
        case .dropBeforeResponse:
            response = await answer(request, mount: mount, requestID: requestID)
            response.fault = .closeBeforeResponding
        case .dropAfterHeaders:
            response = await answer(request, mount: mount, requestID: requestID)
            response.fault = .closeAfterHeaders
        case .dropMidBody(let afterBytes):
            response = await answer(request, mount: mount, requestID: requestID)
            response.fault = .closeMidBody(afterBytes: afterBytes)
        case nil:
            response = await answer(request, mount: mount, requestID: requestID)
        }
        if let logID { try? requestLog.complete(logID, status: response.status) }
        return response
    }

    /// Refuses a request its service refuses from the head alone (Palbase: an upload over its route's limit)
    /// before the server reads the body, logged like any other request (with no body); nil lets every other
    /// request through.
    package func earlyResponse(to head: HTTPServerRequestHead) -> HTTPServerResponse? {
        let head = CanonicalRoute.head(head)
        let mount = RunningMount.covering(head.path, in: running)
        if let refusal = requestGuard?.refuseHost(head.headers) {
            // Refused before the body is read: a rebound page's upload costs the emulator nothing.
            return refused(refusal, path: head.path, shape: AdminAPI.covers(head.path) ? nil : mount?.errorShape)
        }
        guard !AdminAPI.covers(head.path), let mount, let refusal = mount.service?.earlyRefusal(head) else {
            return nil
        }
        let requestID = "req_" + UUID().uuidString.lowercased()
        let response = mount.errorShape.response(
            status: refusal.status, code: refusal.code, message: refusal.description, path: head.path,
            requestID: requestID, headers: refusal.headers)
        let request = HTTPServerRequest(method: head.method, target: head.target, headers: head.headers)
        if let logID = try? requestLog.record(request, requestID: requestID) {
            try? requestLog.complete(logID, status: response.status)
        }
        return response
    }

    /// A guard's refusal in the error shape of whatever covers `path` (the Palbase envelope for the admin API
    /// and for Palbase itself), with a request id, and logged like nothing else: it never reached a service.
    private func refused(_ error: PalbaseHTTPError, path: String, shape: EmulatorErrorShape?) -> HTTPServerResponse {
        let requestID = "req_" + UUID().uuidString.lowercased()
        guard let shape, shape != .palbase else { return PalbaseEnvelope.response(for: error, requestID: requestID) }
        return shape.response(
            status: error.status, code: error.code, message: error.description, path: path, requestID: requestID)
    }

    /// Routes to the mounted service covering the path; 404 when none does.
    private func answer(
        _ request: HTTPServerRequest, mount running: RunningMount?, requestID: String, delay: Duration? = nil
    ) async
        -> HTTPServerResponse
    {
        guard let running else {
            return PalbaseEnvelope.response(for: .notFound(request.path), requestID: requestID)
        }
        let mount = running.mount
        guard let service = running.service else {
            return mount.errorShape.response(
                status: 404, code: mount.errorShape.notFoundCode, message: "No service is mounted at \(mount.prefix)",
                path: request.path, requestID: requestID)
        }
        var serviceRequest = EmulatorServiceRequest(
            http: request, subpath: mount.subpath(of: request.path), mountPrefix: mount.prefix,
            requestID: requestID, store: store)
        serviceRequest.delay = delay
        do {
            return try await service.handle(serviceRequest)
        } catch {
            EmulatorDiagnostics.report("\(mount.prefix) failed: \(String(describing: error))")
            return mount.errorShape.response(
                status: 500, code: mount.errorShape.internalErrorCode, message: "Internal emulator error",
                path: request.path, requestID: requestID)
        }
    }

    /// A JSON response whose body stops mid-object, as from a broken proxy.
    private static func malformedJSON(status: Int, requestID: String) -> HTTPServerResponse {
        var headers = HTTPHeaders()
        headers.set("Content-Type", "application/json")
        headers.set("X-Request-Id", requestID)
        return HTTPServerResponse(status: status, headers: headers, body: Data(#"{"error": "injected_fault", "#.utf8))
    }

    /// The admin `health` document.
    package var healthDocument: [String: AnyCodableValue] {
        [
            "status": .string("ok"),
            "api_key": .string(apiKey),
            "base_url": baseURL.map { .string($0.absoluteString) } ?? .null,
            "sealing_key": .string(sealingPublicKeyBase64URL),
            "sealing_key_id": .string(sealingKeyID),
            "storage": .string(configuration.storage.description),
            // Whatever answers at `/` first, then the prefixes in mount order.
            "mounts": .array(
                (running.filter { $0.mount.prefix == "/" } + running.filter { $0.mount.prefix != "/" }).map { running in
                    .object(["prefix": .string(running.mount.prefix), "service": .string(running.mount.serviceName)])
                }),
        ]
    }
}

extension EmulatorConfiguration.Storage: CustomStringConvertible {
    /// `memory`, or the data directory's path.
    package var description: String {
        switch self {
        case .inMemory: "memory"
        case .directory(let url): url.path
        }
    }
}

extension EmulatorMount {
    /// What answers under the prefix: the service's shape name, or `reserved` when nothing is mounted.
    package var serviceName: String {
        guard service != nil else { return "reserved" }
        return switch errorShape {
        case .palbase: "palbase"
        case .chatbase: "chatbase"
        case .purse: "purse"
        }
    }
}

/// A mount and its service as it runs on one server.
package struct RunningMount: Sendable {
    /// The configured prefix and error shape.
    package let mount: EmulatorMount
    /// The attached service, or nil for a reserved prefix.
    package let service: (any EmulatorService)?

    /// The mount's error shape.
    package var errorShape: EmulatorErrorShape { mount.errorShape }

    /// The mount covering `path` with the longest prefix, if any.
    package static func covering(_ path: String, in mounts: [RunningMount]) -> RunningMount? {
        mounts.filter { $0.mount.covers(path) }.max { $0.mount.prefix.count < $1.mount.prefix.count }
    }
}
