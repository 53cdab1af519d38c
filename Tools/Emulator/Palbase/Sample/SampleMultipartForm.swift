import EmulatorCore
import ErrorCore
import Foundation

/// A `multipart/form-data` body (RFC 7578) read strictly: the sample backend's upload routes see their
/// text fields and the one `file` part through it, and anything malformed is 400 `bad_request`.
///
/// Strict on purpose, so a client that frames its body wrongly finds out here rather than in production:
/// the boundary comes from `Content-Type`, every part needs `Content-Disposition: form-data; name="…"`,
/// the closing delimiter must be there, and a name may occur once (repeated text fields excepted).
struct SampleMultipartForm {
    /// One part that carried a `filename`.
    struct File {
        let filename: String
        /// The part's `Content-Type`, or `application/octet-stream` when it has none (RFC 7578 §4.4).
        let contentType: String
        let bytes: Data
    }

    /// Text parts by name, values in body order.
    private(set) var fields: [String: [String]] = [:]
    /// File parts by name.
    private(set) var files: [String: File] = [:]

    /// Parses `body`; `contentType` is the request's `Content-Type`.
    init(contentType: String?, body: Data) throws {
        guard let contentType, let boundary = Self.boundary(in: contentType) else {
            throw PalbaseHTTPError.badRequest("An upload must be multipart/form-data with a boundary")
        }
        let delimiter = Data("--\(boundary)".utf8)
        let bytes = body
        guard var cursor = bytes.range(of: delimiter)?.upperBound else {
            throw PalbaseHTTPError.badRequest("The multipart body has no delimiter line")
        }
        let next = Data("\r\n".utf8) + delimiter
        while true {
            // After a delimiter: "--" ends the body, CRLF starts a part.
            if bytes[cursor...].starts(with: Data("--".utf8)) { return }
            guard bytes[cursor...].starts(with: Data("\r\n".utf8)) else {
                throw PalbaseHTTPError.badRequest("The multipart body has a malformed delimiter line")
            }
            cursor += 2
            guard let headEnd = bytes.range(of: Data("\r\n\r\n".utf8), in: cursor..<bytes.endIndex),
                let partEnd = bytes.range(of: next, in: headEnd.upperBound..<bytes.endIndex)
            else {
                throw PalbaseHTTPError.badRequest("The multipart body ends inside a part")
            }
            let head = String(decoding: bytes[cursor..<headEnd.lowerBound], as: UTF8.self)
            try add(head: head, content: bytes[headEnd.upperBound..<partEnd.lowerBound])
            cursor = partEnd.upperBound
        }
    }

    private mutating func add(head: String, content: Data) throws {
        var disposition: String?
        var partType: String?
        for line in head.components(separatedBy: "\r\n") {
            guard let colon = line.firstIndex(of: ":") else {
                throw PalbaseHTTPError.badRequest("A multipart part has a malformed header line")
            }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if name == "content-disposition" { disposition = value }
            if name == "content-type" { partType = value }
        }
        guard let disposition, let parameters = Self.formData(disposition), let name = parameters["name"] else {
            throw PalbaseHTTPError.badRequest("A multipart part lacks Content-Disposition: form-data; name=\"…\"")
        }
        if let filename = parameters["filename"] {
            guard files[name] == nil, fields[name] == nil else {
                throw PalbaseHTTPError.badRequest("The multipart body has more than one part named \(name)")
            }
            files[name] = File(
                filename: filename, contentType: partType ?? "application/octet-stream", bytes: Data(content))
        } else {
            guard files[name] == nil else {
                throw PalbaseHTTPError.badRequest("The multipart body has more than one part named \(name)")
            }
            fields[name, default: []].append(String(decoding: content, as: UTF8.self))
        }
    }

    /// The `boundary` parameter of a `multipart/form-data` media type (quoted or not), or nil.
    static func boundary(in contentType: String) -> String? {
        let pieces = contentType.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard pieces.first?.lowercased() == "multipart/form-data" else { return nil }
        for piece in pieces.dropFirst() {
            guard let equals = piece.firstIndex(of: "="),
                piece[..<equals].trimmingCharacters(in: .whitespaces).lowercased() == "boundary"
            else { continue }
            var value = piece[piece.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
                value = String(value.dropFirst().dropLast())
            }
            return (1...70).contains(value.count) ? value : nil
        }
        return nil
    }

    /// The parameters of a `form-data` disposition (`name`, `filename`), unquoted; nil for another type or
    /// malformed parameters. A `;` inside quotes belongs to the value.
    private static func formData(_ disposition: String) -> [String: String]? {
        var pieces: [String] = []
        var current = ""
        var quoted = false
        for character in disposition {
            if character == "\"" { quoted.toggle() }
            if character == ";" && !quoted {
                pieces.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        pieces.append(current)
        let trimmed = pieces.map { $0.trimmingCharacters(in: .whitespaces) }
        guard !quoted, trimmed.first?.lowercased() == "form-data" else { return nil }
        var parameters: [String: String] = [:]
        for piece in trimmed.dropFirst() where !piece.isEmpty {
            guard let equals = piece.firstIndex(of: "=") else { return nil }
            var value = String(piece[piece.index(after: equals)...])
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
                value = String(value.dropFirst().dropLast())
            }
            parameters[piece[..<equals].lowercased()] = value
        }
        return parameters
    }
}
