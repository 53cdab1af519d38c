import CCurl
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The baseline for the upload benchmark: the least libcurl can do to POST a file: one easy handle reused
/// in a blocking `curl_easy_perform`, the body pulled by curl's default read function (`fread`) from a
/// `FILE *`, `Content-Length` from the file's size, the answer appended to a buffer.
final class RawCurlUpload {
    private let handle: UnsafeMutableRawPointer
    private let headers: UnsafeMutablePointer<curl_slist>?
    private let sink = RawCurlLoop.Sink()

    init() {
        _ = curl_global_init(Int(CURL_GLOBAL_DEFAULT))
        handle = curl_easy_init()
        // No `Expect: 100-continue` wait, as the SDK's transport does not wait either.
        var list: UnsafeMutablePointer<curl_slist>? = curl_slist_append(nil, "Expect:")
        list = curl_slist_append(list, "Content-Type: application/octet-stream")
        headers = list
        _ = sdk_curl_easy_setopt_long(handle, CURLOPT_NOSIGNAL, 1)
        _ = sdk_curl_easy_setopt_slist(handle, CURLOPT_HTTPHEADER, headers)
        sink.receiveBodies(of: handle)
    }

    deinit {
        curl_easy_cleanup(handle)
        curl_slist_free_all(headers)
    }

    /// POSTs the file at `path` (`size` bytes) to `url`; returns the status and the answer.
    func post(_ url: String, file path: String, size: Int64) -> (status: Int, body: Data) {
        sink.data.removeAll(keepingCapacity: true)
        guard let file = fopen(path, "rb") else { return (0, Data()) }
        defer { fclose(file) }
        _ = url.withCString { sdk_curl_easy_setopt_string(handle, CURLOPT_URL, $0) }
        _ = sdk_curl_easy_setopt_long(handle, CURLOPT_POST, 1)
        _ = sdk_curl_easy_setopt_off_t(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(size))
        _ = sdk_curl_easy_setopt_pointer(handle, CURLOPT_READDATA, UnsafeMutableRawPointer(file))
        guard curl_easy_perform(handle) == CURLE_OK else { return (0, Data()) }
        var status = 0
        _ = sdk_curl_easy_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
        return (status, sink.data)
    }
}
