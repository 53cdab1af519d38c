import ErrorCore
import Foundation
import Palbe
import SDKTransport

/// Issue 12's benchmark: a 100 MiB file uploaded from disk to a loopback sink that discards it.
///
/// Three ways, in interleaved rounds: bare libcurl (`fread` from a `FILE *`), `CurlTransport` with an
/// `HTTPUploadBody` of the file, and Palbe's `pb.upload` (multipart framing around the file, over
/// `CurlTransport`). Targets: Palbe's throughput ≥ 0.8× bare libcurl's, and peak RSS growth under 16 MB
/// while uploading.
///
/// Memory is measured in this process only: the sink runs in a child process (see ``UploadSink``), and the
/// file is written in 1 MiB steps, so no 100 MiB buffer ever raises the peak. Before each measured upload
/// the kernel's peak (`VmHWM`) is reset to the current RSS by writing 5 to `/proc/self/clear_refs`, so each
/// way's growth is its own (without the reset, growth is read against the peak so far).
enum UploadBenchmark {
    static let fileBytes: Int64 = 100 << 20
    static let rounds = 9

    struct SinkAnswer: Decodable, Sendable {
        let received: Int64
    }

    static func run() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "upload-bench-\(UUID().uuidString).bin")
        try writeFile(file, bytes: fileBytes)
        defer { try? FileManager.default.removeItem(at: file) }
        let sink = try UploadSink.Child()
        defer { sink.stop() }
        let url = URL(string: "http://127.0.0.1:\(sink.port)/upload")!
        print("Upload: a \(fileBytes >> 20) MiB file from disk to a discarding sink (child process) on 127.0.0.1")

        let raw = RawCurlUpload()
        let curl = CurlTransport()
        let palbe = PalbeClient(
            configuration: PalbeConfiguration(
                baseURL: URL(string: "http://127.0.0.1:\(sink.port)")!, apiKey: "bench", environment: "bench",
                requestTimeout: .seconds(120)),
            transport: curl)
        let body = try HTTPUploadBody.file(at: file)
        let framed = fileBytes + 400  // Palbe's multipart framing adds a few hundred bytes.

        let variants: [() async throws -> Int64] = [
            {
                let (status, answer) = raw.post(url.absoluteString, file: file.path, size: fileBytes)
                guard status == 200 else { fatalError("bare libcurl upload failed: \(status)") }
                return try JSONDecoder().decode(SinkAnswer.self, from: answer).received
            },
            {
                let response = try await curl.send(
                    HTTPRequest(
                        method: "POST", url: url, headers: ["Content-Type": "application/octet-stream"],
                        uploadBody: body, timeout: .seconds(120)))
                guard response.status == 200 else { fatalError("CurlTransport upload failed: \(response.status)") }
                return try JSONDecoder().decode(SinkAnswer.self, from: response.body).received
            },
            {
                let answer: SinkAnswer = try await palbe.upload(
                    "upload", file: .file(file, contentType: "application/octet-stream"))
                return answer.received
            },
        ]
        let names = ["bare libcurl (baseline)", "CurlTransport, HTTPUploadBody", "Palbe pb.upload, multipart"]

        // Warm-up: connections, pools, the page cache holding the file.
        for variant in variants { _ = try await variant() }

        var seconds = [[Double]](repeating: [], count: variants.count)
        var growth = [Double](repeating: 0, count: variants.count)
        let resets = Measure.resetPeakResident()
        for round in 0..<rounds {
            for offset in 0..<variants.count {
                let index = (round + offset) % variants.count
                _ = Measure.resetPeakResident()
                let before = Measure.residentKilobytes()
                var received: Int64 = 0
                let elapsed = try await Measure.time { received = try await variants[index]() }
                let after = Measure.residentKilobytes()
                guard received >= fileBytes && received <= framed else { fatalError("the sink got \(received) bytes") }
                seconds[index].append(Measure.micros(elapsed) / 1_000_000)
                growth[index] = max(
                    growth[index], Double(after.peak - max(before.current, resets ? 0 : before.peak)) / 1024)
            }
        }
        let mebibytes = Double(fileBytes) / Double(1 << 20)
        let throughput = seconds.map { mebibytes / Measure.percentile($0, 0.5) }
        let ratios = (0..<variants.count).map { index in
            Measure.percentile(zip(seconds[0], seconds[index]).map { $0 / $1 }, 0.5)
        }
        print("Upload: \(rounds) interleaved rounds (medians); peak RSS growth is the worst round's")
        for index in variants.indices {
            let note =
                index == 0
                ? "" : "\(fixed(ratios[index], 2))× baseline throughput" + (index == 2 ? " (target ≥ 0.80)" : "")
            report(names[index], "\(fixed(throughput[index], 0)) MiB/s", note)
        }
        for index in variants.indices {
            report(
                "RSS peak growth, \(names[index])", "\(fixed(max(0, growth[index]), 2)) MB",
                index == 2 ? "(target < 16 MB)" : "")
        }
        if !resets { print("  (VmHWM could not be reset: growth is measured against the process's earlier peak)") }
    }

    /// Writes `bytes` of a repeating pattern to `url` in 1 MiB steps.
    static func writeFile(_ url: URL, bytes: Int64) throws {
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        let block = Data((0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        var written: Int64 = 0
        while written < bytes {
            let chunk = block.prefix(Int(min(Int64(block.count), bytes - written)))
            try handle.write(contentsOf: chunk)
            written += Int64(chunk.count)
        }
    }
}
