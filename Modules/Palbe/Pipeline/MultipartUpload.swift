import ErrorCore
import Foundation
import SDKCrypto
import SDKTransport

/// A ``PBUploadForm`` lowered to the wire: the `multipart/form-data` body as memory pieces around the
/// file (a range of the file on disk, never read here), and its `Content-Type`.
///
/// Everything that can fail without the network fails here, before anything is sent: a constraint
/// violation (``BackendError/validation(_:)``, one ``FieldError`` on `"file"`), a file that cannot be
/// opened (``BackendError/transport(_:)``, `requestSent == false`), fields that do not encode or a media
/// type that is not one (``BackendError/encode(_:)``).
struct MultipartUpload: Sendable {
    /// `multipart/form-data; boundary=<boundary>`.
    let contentType: String
    /// The body, with its exact length.
    let body: HTTPUploadBody
    /// The form's progress observer.
    let progress: (@Sendable (Int64, Int64) -> Void)?

    init(_ form: PBUploadForm, boundary: String = MultipartUpload.randomBoundary()) throws(BackendError) {
        let file = form.file
        guard let mediaType = Self.mediaType(file.contentType) else {
            throw .encode(CodecFailure(message: "The file's content type \"\(file.contentType)\" is not a media type"))
        }
        let fileBody: HTTPUploadBody
        switch file.source {
        case .data(let data):
            fileBody = HTTPUploadBody([.data(data)])
        case .file(let url):
            do {
                fileBody = try HTTPUploadBody.file(at: url)
            } catch {
                throw .transport(
                    TransportFailure(
                        message: "The file to upload cannot be read (\(error.message)); nothing was sent",
                        urlErrorCode: error.code, requestSent: false, underlying: error))
            }
        }
        try Self.check(size: fileBody.length, mediaType: mediaType, against: form.constraints)

        var head = Data()
        for (name, value) in try Self.textFields(form.fields) {
            head.append(Self.partHeader(boundary: boundary, disposition: "form-data; name=\"\(Self.quoted(name))\""))
            head.append(Data(value.utf8))
            head.append(Data("\r\n".utf8))
        }
        head.append(
            Self.partHeader(
                boundary: boundary,
                disposition: "form-data; name=\"file\"; filename=\"\(Self.quoted(file.filename))\"",
                contentType: file.contentType))
        let tail = Data("\r\n--\(boundary)--\r\n".utf8)
        body = HTTPUploadBody([.data(head)] + fileBody.parts + [.data(tail)])
        contentType = "multipart/form-data; boundary=\(boundary)"
        progress = form.progress
    }

    /// `palbe-` and 30 random letters and digits from the system CSPRNG (about 178 bits), so no file's
    /// bytes can contain the delimiter by accident or by design.
    static func randomBoundary() -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        let random = SecureRandom.bytes(30)
        return "palbe-" + String(random.map { alphabet[Int($0) % alphabet.count] })
    }

    // MARK: - Constraints

    private static func check(
        size: Int64, mediaType: String, against constraints: PBUploadConstraints
    ) throws(BackendError) {
        if let maxBytes = constraints.maxBytes, size > Int64(maxBytes) {
            throw violation("The file is \(size) bytes; this upload accepts at most \(maxBytes)")
        }
        let accepted = constraints.contentTypes.compactMap(Self.mediaType)
        guard accepted.isEmpty || accepted.contains(where: { Self.matches(mediaType, $0) }) else {
            throw violation(
                "The file's type \(mediaType) is not accepted; expected \(accepted.joined(separator: ", "))")
        }
    }

    private static func violation(_ message: String) -> BackendError {
        .validation(
            ValidationFailure(
                code: "validation_error", message: "The file cannot be uploaded: \(message); nothing was sent",
                fields: [FieldError(field: "file", message: message)]))
    }

    /// `type/subtype` in lowercase without parameters, or nil when `text` is not a media type (or could
    /// break out of its header line).
    static func mediaType(_ text: String) -> String? {
        guard !text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) else { return nil }
        let essence = text.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)[0]
            .trimmingCharacters(in: .whitespaces).lowercased()
        let halves = essence.split(separator: "/", omittingEmptySubsequences: false)
        guard halves.count == 2, halves.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy(isTokenByte) }) else {
            return nil
        }
        return essence
    }

    /// Whether `type` is `accepted`, or under an accepted `type/*`.
    private static func matches(_ type: String, _ accepted: String) -> Bool {
        if accepted == type || accepted == "*/*" { return true }
        guard accepted.hasSuffix("/*") else { return false }
        return type.hasPrefix(accepted.dropLast())
    }

    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        default: "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }

    // MARK: - Parts

    /// The text parts of `fields`, by name in sorted order.
    private static func textFields(_ fields: (any Encodable & Sendable)?) throws(BackendError) -> [(String, String)] {
        guard let fields else { return [] }
        let value: AnyCodableValue
        do {
            value = try decoder.decode(AnyCodableValue.self, from: try encoder.encode(fields))
        } catch {
            throw .encode(
                CodecFailure(
                    message: "Could not encode the upload's fields \(String(describing: type(of: fields)))",
                    underlying: error))
        }
        guard let object = value.objectValue else {
            throw .encode(
                CodecFailure(
                    message: "The upload's fields must encode to a JSON object; "
                        + "\(String(describing: type(of: fields))) encodes to \(value.kindName)"))
        }
        var parts: [(String, String)] = []
        for name in object.keys.sorted() {
            guard name != "file" else {
                throw .encode(
                    CodecFailure(message: "The upload's fields cannot have one named \"file\": that is the file"))
            }
            for element in object[name]!.arrayValue ?? [object[name]!] where !element.isNull {
                parts.append((name, element.stringValue ?? element.jsonText))
            }
        }
        return parts
    }

    private static func partHeader(boundary: String, disposition: String, contentType: String? = nil) -> Data {
        var text = "--\(boundary)\r\nContent-Disposition: \(disposition)\r\n"
        if let contentType { text += "Content-Type: \(contentType)\r\n" }
        return Data((text + "\r\n").utf8)
    }

    /// A name for a quoted `Content-Disposition` parameter, escaped the way browsers do (HTML's
    /// multipart/form-data encoding): `"` as `%22`, CR as `%0D`, LF as `%0A`.
    static func quoted(_ name: String) -> String {
        name.replacingOccurrences(of: "\"", with: "%22").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    private static let encoder = SDKCoders.snakeCaseEncoder()
    private static let decoder = JSONDecoder()
}
