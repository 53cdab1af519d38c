import ErrorCore
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The session delegate behind ``URLSessionTransport``: routes each task's events to its
/// ``URLSessionExchange``. Delegate callbacks arrive on one serial queue.
final class URLSessionTransportDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let exchanges = Locked<[Int: URLSessionExchange]>([:])
    /// The serial queue under the session's delegate queue, owned here (see ``URLSessionTransport``).
    let callbackQueue = DispatchQueue(label: "studio.sdk.transport.urlsession.delegate")

    func register(_ exchange: URLSessionExchange, for task: URLSessionTask) {
        exchanges.withLock { $0[task.taskIdentifier] = exchange }
    }

    private func exchange(for task: URLSessionTask) -> URLSessionExchange? {
        exchanges.withLock { $0[task.taskIdentifier] }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        // Never follow: the 3xx itself becomes the response.
        completionHandler(nil)
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        guard let exchange = exchange(for: dataTask), let http = response as? HTTPURLResponse else {
            completionHandler(.cancel)
            return
        }
        exchange.idleTimer?.noteActivity()
        receiveHead(http, for: exchange)
        completionHandler(.allow)
    }

    /// Records the response head on `exchange`, enforcing the header and body limits.
    private func receiveHead(_ http: HTTPURLResponse, for exchange: URLSessionExchange) {
        exchange.status = http.statusCode
        var headers = HTTPHeaders()
        var headerBytes = 0
        for (name, value) in http.allHeaderFields {
            let name = String(describing: name)
            // FoundationNetworking keeps trailing whitespace that HTTP says is not part of the value.
            let value = String(describing: value).trimmingCharacters(in: .whitespaces)
            headerBytes += name.utf8.count + value.utf8.count + 4
            headers.add(name, value)
        }
        exchange.headers = headers
        if headerBytes > exchange.maxHeaderBytes {
            exchange.abort(
                TransportError(
                    code: .badServerResponse, requestSent: true,
                    message: "response header section exceeds \(exchange.maxHeaderBytes) bytes"))
        } else if exchange.stream == nil && http.expectedContentLength > exchange.maxBodyBytes {
            exchange.abort(
                TransportError(
                    code: .dataLengthExceedsMaximum, requestSent: true,
                    message: "response body exceeds \(exchange.maxBodyBytes) bytes"))
        } else {
            exchange.didReceiveHead()
        }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        exchange(for: task)?.didSendBody(totalBytesSent: totalBytesSent)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        guard let exchange = exchange(for: dataTask) else { return }
        exchange.idleTimer?.noteActivity()
        if let stream = exchange.stream {
            if stream.push(data) { exchange.followFlowControl() }
        } else if exchange.body.count + data.count > exchange.maxBodyBytes {
            exchange.abort(
                TransportError(
                    code: .dataLengthExceedsMaximum, requestSent: true,
                    message: "response body exceeds \(exchange.maxBodyBytes) bytes"))
        } else {
            exchange.body.append(data)
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let exchange = exchanges.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        // FoundationNetworking never reports the head of a 301, 302, 303 or 305–308 it cannot follow
        // (no Location, or one that is not a URL): it holds the head back for a redirect that never
        // comes, then completes the task with only `task.response` set, and keeps the body to itself.
        // The head is still the answer, so it is taken from the task.
        if error == nil && !exchange.receivedHead, let http = task.response as? HTTPURLResponse {
            receiveHead(http, for: exchange)
        }
        exchange.didComplete(error: error)
    }
}
