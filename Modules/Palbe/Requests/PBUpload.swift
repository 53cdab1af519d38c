import Foundation

/// The file an upload route (`@Upload` in your backend) receives: its bytes, from memory or from a file on
/// disk, with the file name and media type the server sees.
///
/// ```swift
/// let photo = PBUpload.file(photoURL, contentType: "image/jpeg")              // streamed from disk
/// let note = PBUpload.data(pdfData, filename: "note.pdf", contentType: "application/pdf")
/// let attachment = try await pb.todos.attach(id: todo.id, file: photo)
/// ```
///
/// A file on disk is streamed, never loaded whole into memory, and read when the request is sent: a file
/// that is missing then fails the call with ``BackendError/transport(_:)`` and nothing is sent.
public struct PBUpload: Sendable, Equatable {
    /// Where the bytes come from.
    enum Source: Sendable, Equatable {
        case data(Data)
        case file(URL)
    }

    let source: Source
    /// The file name sent in the part's `Content-Disposition` (`filename="…"`).
    public let filename: String
    /// The file's media type (`image/png`), sent as the part's `Content-Type` and checked against the
    /// route's accepted types.
    public let contentType: String

    /// Bytes in memory.
    public static func data(_ data: Data, filename: String, contentType: String) -> PBUpload {
        PBUpload(source: .data(data), filename: filename, contentType: contentType)
    }

    /// The file at `url` (a `file:` URL), streamed from disk; `filename` defaults to the URL's last path
    /// component.
    public static func file(_ url: URL, filename: String? = nil, contentType: String) -> PBUpload {
        PBUpload(source: .file(url), filename: filename ?? url.lastPathComponent, contentType: contentType)
    }
}

/// What an upload route accepts, from its `x-palbase-upload` contract: checked on the device before
/// anything is sent.
///
/// A file over ``maxBytes``, or of a type outside ``contentTypes``, fails the call with
/// ``BackendError/validation(_:)`` carrying exactly one ``FieldError`` on `"file"`; no byte leaves the
/// device.
public struct PBUploadConstraints: Sendable, Equatable {
    /// The largest file accepted, in bytes; `nil` for no limit.
    public var maxBytes: Int?
    /// The accepted media types (`image/png`; `image/*` accepts any image), compared without parameters and
    /// case; empty accepts any type.
    public var contentTypes: [String]

    /// Constraints from their parts; the defaults check nothing.
    public init(maxBytes: Int? = nil, contentTypes: [String] = []) {
        self.maxBytes = maxBytes
        self.contentTypes = contentTypes
    }

    /// No client-side check: the server alone decides (it answers 413 `payload_too_large` or
    /// 415 `unsupported_media_type`).
    public static let none = PBUploadConstraints()
}

/// The body of an upload request: the file, the route's other declared text fields, the constraints to
/// check first, and who to tell about progress.
///
/// It goes out as one `multipart/form-data` POST with a random boundary and a `Content-Length` (never
/// chunked): the text fields first, one part each, then the `file` part with its file name and media type.
/// Upload bodies are never sealed.
public struct PBUploadForm: Sendable {
    /// The file, sent as the part named `file`.
    public let file: PBUpload
    /// The other fields, encoded like a JSON body (snake_case keys) and sent one part per key in sorted
    /// order: strings as they are, numbers and booleans as JSON text, arrays one part per element, objects
    /// as JSON text; `nil` values are left out. Must encode to an object. `nil` for none.
    public let fields: (any Encodable & Sendable)?
    /// Checked before anything is sent.
    public let constraints: PBUploadConstraints
    /// Told the body bytes sent so far and the total, increasing, ending at the total; called on the
    /// transport's thread (hop to your own actor for UI).
    public let progress: (@Sendable (_ sent: Int64, _ total: Int64) -> Void)?

    /// A form from its parts.
    public init(
        file: PBUpload, fields: (any Encodable & Sendable)? = nil, constraints: PBUploadConstraints = .none,
        progress: (@Sendable (_ sent: Int64, _ total: Int64) -> Void)? = nil
    ) {
        self.file = file
        self.fields = fields
        self.constraints = constraints
        self.progress = progress
    }
}
