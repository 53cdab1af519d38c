import Foundation

/// A request body assembled from in-memory pieces and ranges of files, sent with a `Content-Length`
/// known before the first byte goes out and streamed from disk, so a file is never loaded whole.
///
/// ```swift
/// let body = HTTPUploadBody([
///     .data(Data("--boundary\r\n…\r\n\r\n".utf8)),
///     .file(photoURL, length: photoSize),
///     .data(Data("\r\n--boundary--\r\n".utf8)),
/// ])
/// var request = HTTPRequest(method: "POST", url: url, headers: ["Content-Type": "multipart/form-data; boundary=boundary"])
/// request.uploadBody = body
/// ```
///
/// A value describes the bytes; it holds no open file. Each send opens the files again, before anything
/// is written: a file that is missing, unreadable, not a regular file or shorter than its range fails
/// the send with ``TransportError`` and `requestSent == false` (`.fileDoesNotExist`,
/// `.noPermissionsToReadFile`, `.fileIsDirectory`, `.cannotOpenFile`). A file that shrinks while it is
/// being sent fails the exchange with `.cannotOpenFile`; `requestSent` is then `true`.
public struct HTTPUploadBody: Sendable, Equatable {
    /// One piece of the body, sent in order.
    public enum Part: Sendable, Equatable {
        /// Bytes in memory.
        case data(Data)
        /// `length` bytes of the file at `url` (a `file:` URL), starting at byte `offset`.
        case file(URL, offset: Int64 = 0, length: Int64)
    }

    /// The pieces, in the order they are sent.
    public let parts: [Part]
    /// The total number of bytes: what `Content-Length` says.
    public let length: Int64

    /// A body of `parts`. Negative offsets and lengths count as zero.
    public init(_ parts: [Part]) {
        self.parts = parts.map { part in
            guard case .file(let url, let offset, let length) = part else { return part }
            return .file(url, offset: max(0, offset), length: max(0, length))
        }
        length = self.parts.reduce(0) { total, part in
            switch part {
            case .data(let data): total + Int64(data.count)
            case .file(_, _, let length): total + length
            }
        }
    }

    /// The whole file at `url`, its length read now.
    ///
    /// Throws ``TransportError`` (`requestSent == false`) when the file cannot be opened, as a send would.
    public static func file(at url: URL) throws(TransportError) -> HTTPUploadBody {
        let source = try UploadFileSource.open(url)
        defer { source.close() }
        return HTTPUploadBody([.file(url, length: source.size)])
    }
}
