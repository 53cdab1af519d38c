import CCurl
import Foundation

/// The baseline for the transport benchmark: the least libcurl can do for a GET on a kept-alive
/// connection: one easy handle reused in a blocking `curl_easy_perform` loop, body appended to a
/// buffer, nothing else.
final class RawCurlLoop {
    private let handle: UnsafeMutableRawPointer
    private let sink = Sink()

    /// Where a baseline's response body goes: appended to `data`, nothing else.
    final class Sink {
        var data = Data()

        /// Makes `handle` append every body it receives here (the write callback and its pointer).
        func receiveBodies(of handle: UnsafeMutableRawPointer) {
            _ = sdk_curl_easy_setopt_write_function(handle) { buffer, size, count, context in
                let sink = Unmanaged<Sink>.fromOpaque(context!).takeUnretainedValue()
                let length = size * count
                buffer.map {
                    sink.data.append(UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self), count: length)
                }
                return length
            }
            _ = sdk_curl_easy_setopt_pointer(handle, CURLOPT_WRITEDATA, Unmanaged.passUnretained(self).toOpaque())
        }
    }

    init() {
        _ = curl_global_init(Int(CURL_GLOBAL_DEFAULT))
        handle = curl_easy_init()
        _ = sdk_curl_easy_setopt_long(handle, CURLOPT_NOSIGNAL, 1)
        sink.receiveBodies(of: handle)
    }

    deinit { curl_easy_cleanup(handle) }

    /// Performs one GET and returns the status and the body's length.
    func get(_ url: String) -> (status: Int, bytes: Int) {
        sink.data.removeAll(keepingCapacity: true)
        _ = url.withCString { sdk_curl_easy_setopt_string(handle, CURLOPT_URL, $0) }
        guard curl_easy_perform(handle) == CURLE_OK else { return (0, 0) }
        var status = 0
        _ = sdk_curl_easy_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
        return (status, sink.data.count)
    }
}
