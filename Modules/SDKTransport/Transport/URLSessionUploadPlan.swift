import Dispatch
import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// How ``URLSessionTransport`` carries an ``HTTPUploadBody``.
///
/// URLSession streams a body from disk only through `uploadTask(with:fromFile:)`, which sends one whole
/// file with `Content-Length`. A body stream (`httpBodyStream`) would be chunked unless the length is
/// forced, a custom `InputStream` subclass is not supported by Apple's loader, and bound stream pairs are
/// missing from FoundationNetworking. So:
/// - a body of memory pieces only is joined and sent as `httpBody`;
/// - a body that is exactly one whole file is uploaded from that file, with no copy;
/// - anything else (multipart framing around a file) is first composed into a temporary file by a
///   streaming copy in 64 KiB steps, off the cooperative pool, and uploaded from there; the copy is
///   deleted when the exchange ends. Memory stays flat; the cost is one extra pass over the disk.
enum URLSessionUploadPlan: Sendable {
    /// The body in memory.
    case data(Data)
    /// The body is the file at the URL; `temporary` ones belong to the exchange and are deleted after it.
    case file(URL, temporary: Bool)

    /// The plan for `body`. Throws ``TransportError`` (`requestSent == false`) when a file cannot be opened
    /// or the temporary copy cannot be written, or `CancellationError`.
    static func make(for body: HTTPUploadBody) async throws -> URLSessionUploadPlan {
        let files = body.parts.filter {
            if case .file = $0 { return true }
            return false
        }
        if files.isEmpty {
            var joined = Data(capacity: Int(body.length))
            for case .data(let data) in body.parts { joined.append(data) }
            return .data(joined)
        }
        if body.parts.count == 1, case .file(let url, 0, let length) = body.parts[0] {
            let source = try UploadFileSource.open(url)
            source.close()
            if source.size == length { return .file(url, temporary: false) }
        }
        let copy: URL = try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global(qos: .utility).async {
                continuation.resume(with: Result { try composeTemporaryFile(body) })
            }
        }
        guard !Task.isCancelled else {
            try? FileManager.default.removeItem(at: copy)
            throw CancellationError()
        }
        return .file(copy, temporary: true)
    }

    /// The temporary file this plan owns, if any.
    var temporaryFile: URL? {
        if case .file(let url, true) = self { return url }
        return nil
    }

    /// Writes `body` to a new owner-only file in the temporary directory, reading it in 64 KiB steps.
    private static func composeTemporaryFile(_ body: HTTPUploadBody) throws -> URL {
        let reader = try UploadBodyReader(body)
        defer { reader.close() }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "sdk-upload-\(UUID().uuidString).part")
        let descriptor = url.path.withCString { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600) }
        guard descriptor >= 0 else {
            throw TransportError(
                code: .cannotCreateFile, requestSent: false,
                message: "the upload body could not be staged in a temporary file (errno \(errno))")
        }
        var succeeded = false
        defer {
            _ = close(descriptor)
            if !succeeded { try? FileManager.default.removeItem(at: url) }
        }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 10, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let count: Int
            do throws(TransportError) {
                count = try reader.read(into: buffer)
            } catch {
                // Nothing has been sent yet: the body is still on the device.
                throw TransportError(code: error.code, requestSent: false, message: error.message)
            }
            guard count > 0 else { break }
            var written = 0
            while written < count {
                let result = write(descriptor, buffer.baseAddress! + written, count - written)
                if result < 0 && errno == EINTR { continue }
                guard result > 0 else {
                    throw TransportError(
                        code: .cannotWriteToFile, requestSent: false,
                        message: "the upload body could not be staged in a temporary file (errno \(errno))")
                }
                written += result
            }
        }
        succeeded = true
        return url
    }
}
