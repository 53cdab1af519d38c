import CCurl
import Foundation

/// The least libcurl's multi interface can do: `width` easy handles kept busy with GETs of one URL by a
/// single thread in a `curl_multi_perform` / `curl_multi_poll` loop, each handle re-added the moment its
/// transfer ends, bodies appended to a buffer per handle, nothing else. Width 1 is the sequential loop
/// on the multi interface (what CurlTransport's engine runs); width 64 is the baseline for the
/// concurrency figure.
/// The multi handle and its easy handles live as long as the loop, so connections are reused across
/// calls to ``run(total:bytes:)``.
final class RawCurlMulti {
    private typealias Sink = RawCurlLoop.Sink

    private let multi: UnsafeMutableRawPointer
    private var handles: [UnsafeMutableRawPointer] = []
    private var sinks: [Sink] = []

    init(_ url: String, width: Int) {
        _ = curl_global_init(Int(CURL_GLOBAL_DEFAULT))
        multi = curl_multi_init()
        sdk_curl_multi_setopt_long(multi, CURLMOPT_PIPELINING, CURLPIPE_NOTHING)
        for _ in 0..<width {
            let handle = curl_easy_init()!
            let sink = Sink()
            _ = sdk_curl_easy_setopt_long(handle, CURLOPT_NOSIGNAL, 1)
            _ = url.withCString { sdk_curl_easy_setopt_string(handle, CURLOPT_URL, $0) }
            sink.receiveBodies(of: handle)
            _ = sdk_curl_easy_setopt_pointer(handle, CURLOPT_PRIVATE, Unmanaged.passUnretained(sink).toOpaque())
            handles.append(handle)
            sinks.append(sink)
        }
    }

    deinit {
        curl_multi_cleanup(multi)
        handles.forEach { curl_easy_cleanup($0) }
    }

    /// Performs `total` GETs, `width` at a time; returns how many came back whole with `bytes` bytes.
    func run(total: Int, bytes: Int) -> Int {
        var started = 0
        for handle in handles.prefix(total) {
            curl_multi_add_handle(multi, handle)
            started += 1
        }
        var good = 0
        var finished = 0
        while finished < total {
            let running = Self.perform(multi) { easy, context, result in
                let sink = Unmanaged<Sink>.fromOpaque(context).takeUnretainedValue()
                if result == CURLE_OK && sink.data.count == bytes { good += 1 }
                finished += 1
                sink.data.removeAll(keepingCapacity: true)
                if started < total {
                    started += 1
                    curl_multi_add_handle(multi, easy)
                }
            }
            if finished < total && running > 0 { curl_multi_poll(multi, nil, 0, 1000, nil) }
        }
        return good
    }

    /// Lets curl work on `multi` (`curl_multi_perform`), then takes each finished transfer's handle off it and
    /// hands it to `finished` with its `CURLOPT_PRIVATE` pointer and result. Returns how many still run.
    static func perform(
        _ multi: UnsafeMutableRawPointer,
        _ finished: (_ easy: UnsafeMutableRawPointer, _ context: UnsafeMutableRawPointer, _ result: CURLcode) -> Void
    ) -> Int32 {
        var running: Int32 = 0
        curl_multi_perform(multi, &running)
        var queued: Int32 = 0
        while let message = curl_multi_info_read(multi, &queued) {
            guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle else { continue }
            // Read before the removal, which ends the message's life.
            let result = message.pointee.data.result
            var context: UnsafeMutableRawPointer?
            sdk_curl_easy_getinfo_pointer(easy, CURLINFO_PRIVATE, &context)
            curl_multi_remove_handle(multi, easy)
            finished(easy, context!, result)
        }
        return running
    }
}
