import Foundation
import Palbe
import PalbeSample

extension Command {
    /// `sdk palbe upload <todo-id> <file> [--type media/type] [--name file-name] [--caption text]`.
    static let palbeUpload = Command(
        name: "upload",
        summary: "Attach a file to a todo (the todos.attach upload) and print the stored attachment.",
        discussion: """
            The file is streamed from disk as the one multipart/form-data POST of the sample backend's \
            todos.attach route, after the route's limits (\(PalbeCLIUpload.limitsText)) are checked on this \
            machine: a file that breaks them is refused with nothing sent. The media type comes from the file's \
            extension (.png, .jpg, .jpeg, .pdf) unless --type names one. Where the call goes is decided as for \
            'sdk palbe call'. With --json the result is {"result","status","requestId"}.
            """,
        parameters: PalbeUploadParameters(),
        run: { values, context in
            let upload = try PalbeCLIUpload(values: values)
            try await PalbeCLIConfiguration.send(upload.endpoint.pbRequest, values: values.target, context: context)
        }
    )
}

/// `sdk palbe upload`'s todo, file and options.
struct PalbeUploadParameters: CommandParameters {
    let todoID = Argument<String>.required("todo-id", type: .nonEmpty, help: "The todo to attach the file to.")
    let file = Argument<String>.required("file", type: .nonEmpty, help: "The file to upload.")
    let type = Option<String?>.value(
        "type", type: PalbeCLIUpload.mediaType, valueName: "media/type",
        help: "The file's media type, instead of guessing it from the extension.")
    let name = Option<String?>.value(
        "name", type: .nonEmpty, valueName: "file-name", help: "The file name to send (default: the file's).")
    let caption = Option<String?>.value(
        "caption", type: .string, valueName: "text", help: "A caption stored with the file.")
    let target = PalbeTargetOptions()
}

/// The upload `sdk palbe upload` sends, checked before any configuration is resolved, so a wrong
/// command line fails at once with a usage error.
struct PalbeCLIUpload {
    /// The generated endpoint, so the route's `x-palbase-upload` limits are the ones checked.
    let endpoint: TodosAttachEndpoint

    init(values: Parsed<PalbeUploadParameters>) throws {
        let path = values.file
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
            FileManager.default.isReadableFile(atPath: path)
        else {
            throw UsageError(code: .invalidValue, message: "cannot read file \(UsageError.quoted(path))")
        }
        let url = URL(fileURLWithPath: path)
        guard let type = values.type ?? Self.guessedType[url.pathExtension.lowercased()] else {
            throw UsageError(
                code: .missingOption,
                message: "cannot tell the media type of \(UsageError.quoted(url.lastPathComponent)); pass --type")
        }
        endpoint = TodosAttachEndpoint(
            id: values.todoID, file: .file(url, filename: values.name, contentType: type),
            input: values.caption.map { TodosAttachInput(caption: $0) })
    }

    /// The types the route takes, by file extension.
    static let guessedType = ["png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "pdf": "application/pdf"]

    /// `type/subtype`, as `--type` takes it.
    static let mediaType = ValueType(expectation: "a media type such as image/png") { raw in
        let halves = raw.split(separator: "/", omittingEmptySubsequences: false)
        return halves.count == 2
            && halves.allSatisfy { half in
                !half.isEmpty && half.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
            }
    }

    /// The route's limits, for the help text.
    static var limitsText: String {
        let constraints = TodosAttachEndpoint.constraints
        let size = constraints.maxBytes.map { "at most \($0 >> 20) MiB" } ?? "any size"
        return "\(size), \(constraints.contentTypes.joined(separator: ", "))"
    }
}
