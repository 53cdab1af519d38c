import Foundation

/// Reads an ``HTTPUploadBody`` front to back into caller-supplied buffers, for one send.
///
/// `init` opens every file before anything is sent, so a missing or short file fails the request while it
/// is still provably unsent. Reading copies from memory or `pread`s straight into the buffer it is given
/// (curl's upload buffer, a copy buffer), so memory stays flat whatever the body's size. `rewind()` starts
/// over, for a transport that must resend the body on a fresh connection.
///
/// Not thread-safe: one send uses it from one thread at a time (whichever thread drives curl, under the
/// curl engine's lock, or the thread composing URLSession's upload file). Files are closed by ``close()`` or when the reader goes away.
final class UploadBodyReader {
    private enum Source {
        case data(Data)
        case file(UploadFileSource, offset: Int64, length: Int64)

        var length: Int64 {
            switch self {
            case .data(let data): Int64(data.count)
            case .file(_, _, let length): length
            }
        }
    }

    /// The body's total length.
    let length: Int64
    private var sources: [Source] = []
    private var index = 0
    /// How far into `sources[index]` reading has come.
    private var position: Int64 = 0
    private var closed = false

    /// Opens every file of `body`. Throws ``TransportError`` (`requestSent == false`) when one cannot be
    /// opened or is shorter than its range; files opened so far are closed again.
    init(_ body: HTTPUploadBody) throws(TransportError) {
        length = body.length
        do throws(TransportError) {
            for part in body.parts {
                switch part {
                case .data(let data):
                    if !data.isEmpty { sources.append(.data(data)) }
                case .file(let url, let offset, let length):
                    let file = try UploadFileSource.open(url)
                    sources.append(.file(file, offset: offset, length: length))
                    guard file.size >= offset + length else {
                        throw TransportError(
                            code: .cannotOpenFile, requestSent: false,
                            message: "upload body file '\(url.lastPathComponent)' has \(file.size) bytes, "
                                + "fewer than the \(offset + length) its range needs")
                    }
                }
            }
        } catch {
            close()
            throw error
        }
    }

    deinit { close() }

    /// Fills as much of `buffer` as the body has left; returns the byte count, 0 at the end.
    ///
    /// Throws ``TransportError`` (`.cannotOpenFile`, `requestSent` true) when a file cannot be read or ends
    /// before its range does (it shrank since it was opened).
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(TransportError) -> Int {
        var filled = 0
        while filled < buffer.count, index < sources.count {
            let source = sources[index]
            let remaining = source.length - position
            guard remaining > 0 else {
                index += 1
                position = 0
                continue
            }
            let target = UnsafeMutableRawBufferPointer(
                rebasing: buffer[filled..<(filled + Int(min(Int64(buffer.count - filled), remaining)))])
            let count: Int
            switch source {
            case .data(let data):
                let start = Int(position)
                count = target.count
                data.withUnsafeBytes { bytes in
                    target.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[start..<(start + count)]))
                }
            case .file(let file, let offset, _):
                count = try file.read(into: target, at: offset + position)
                guard count > 0 else {
                    throw TransportError(
                        code: .cannotOpenFile, requestSent: true,
                        message: "an upload body file ended \(remaining) bytes early; it changed while being sent")
                }
            }
            filled += count
            position += Int64(count)
        }
        return filled
    }

    /// Starts over from the first byte.
    func rewind() {
        index = 0
        position = 0
    }

    /// Closes the files; reading afterwards is a programming error. Safe to call twice.
    func close() {
        guard !closed else { return }
        closed = true
        for case .file(let file, _, _) in sources { file.close() }
    }
}
