import CCurl
import Foundation

/// The least libcurl's multi-socket interface (the one CurlTransport's engine drives) can do for a
/// sequential GET: one easy handle on a multi handle whose socket and timer callbacks only record what
/// curl asks for, `poll` on that one socket, the body appended to a buffer. Set against
/// ``RawCurlLoop`` (`curl_easy_perform`), it is what curl's own socket bookkeeping costs a request, the
/// part of CurlTransport's figure that no change above curl can take away.
final class RawCurlSocketLoop {
    /// What curl's callbacks last asked for.
    final class Requests {
        var socket: curl_socket_t = -1
        var events: Int16 = 0
        /// Milliseconds until curl wants to run on its own; -1 for never.
        var timeout = -1
    }

    private let multi: UnsafeMutableRawPointer
    private let handle: UnsafeMutableRawPointer
    private let sink = RawCurlLoop.Sink()
    private let requests = Requests()

    /// `offeringEncodings` sends `Accept-Encoding` with every encoding curl decodes, as CurlTransport does
    /// by default, so the two send the same request.
    init(offeringEncodings: Bool = false) {
        _ = curl_global_init(Int(CURL_GLOBAL_DEFAULT))
        multi = curl_multi_init()
        handle = curl_easy_init()
        _ = sdk_curl_easy_setopt_long(handle, CURLOPT_NOSIGNAL, 1)
        if offeringEncodings { _ = sdk_curl_easy_setopt_string(handle, CURLOPT_ACCEPT_ENCODING, "") }
        sink.receiveBodies(of: handle)
        let context = Unmanaged.passUnretained(requests).toOpaque()
        sdk_curl_multi_setopt_pointer(multi, CURLMOPT_SOCKETDATA, context)
        sdk_curl_multi_setopt_socket_function(multi) { _, socket, what, context, _ in
            let requests = Unmanaged<Requests>.fromOpaque(context!).takeUnretainedValue()
            requests.socket = what == CURL_POLL_REMOVE ? -1 : socket
            requests.events =
                Int16(what & CURL_POLL_IN != 0 ? POLLIN : 0) | Int16(what & CURL_POLL_OUT != 0 ? POLLOUT : 0)
            return 0
        }
        sdk_curl_multi_setopt_pointer(multi, CURLMOPT_TIMERDATA, context)
        sdk_curl_multi_setopt_timer_function(multi) { _, milliseconds, context in
            Unmanaged<Requests>.fromOpaque(context!).takeUnretainedValue().timeout = milliseconds
            return 0
        }
    }

    deinit {
        curl_multi_remove_handle(multi, handle)
        curl_easy_cleanup(handle)
        curl_multi_cleanup(multi)
    }

    /// Performs one GET and returns the status and the body's length.
    func get(_ url: String) -> (status: Int, bytes: Int) {
        sink.data.removeAll(keepingCapacity: true)
        _ = url.withCString { sdk_curl_easy_setopt_string(handle, CURLOPT_URL, $0) }
        curl_multi_add_handle(multi, handle)
        defer { curl_multi_remove_handle(multi, handle) }
        var running: Int32 = 1
        var result: CURLcode?
        while result == nil {
            if requests.timeout == 0 || requests.socket < 0 {
                requests.timeout = -1
                curl_multi_socket_action(multi, sdk_curl_socket_timeout, 0, &running)
            } else {
                var descriptor = pollfd(fd: requests.socket, events: requests.events, revents: 0)
                let ready = poll(&descriptor, 1, Int32(requests.timeout < 0 ? 1000 : requests.timeout))
                if ready > 0 {
                    var mask: Int32 = 0
                    if descriptor.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 { mask |= CURL_CSELECT_IN }
                    if descriptor.revents & Int16(POLLOUT) != 0 { mask |= CURL_CSELECT_OUT }
                    curl_multi_socket_action(multi, requests.socket, mask, &running)
                } else {
                    curl_multi_socket_action(multi, sdk_curl_socket_timeout, 0, &running)
                }
            }
            var queued: Int32 = 0
            while let message = curl_multi_info_read(multi, &queued), message.pointee.msg == CURLMSG_DONE {
                result = message.pointee.data.result
            }
        }
        guard result == CURLE_OK else { return (0, 0) }
        var status = 0
        _ = sdk_curl_easy_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
        return (status, sink.data.count)
    }
}
