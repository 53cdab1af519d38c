/// Prints what one operation adds: its method (inside the namespace struct or the `Palbe`
/// extension) and its endpoint struct.
enum OperationEmitter {
    /// The method: path parameters, the input, `query:`, `headers:`, in that order, typed
    /// throws with the endpoint's error enum, and a body that hands the endpoint to `Palbe`.
    ///
    /// `onNamespace`: the method sits in a namespace struct and calls `client.call`; otherwise
    /// it sits in `extension Palbe` and calls `call` directly.
    static func emitMethod(_ operation: OperationModel, onNamespace: Bool, into writer: inout SwiftWriter) {
        writer.doc(operation.summary)
        if operation.summary != nil, operation.description != nil { writer.line("///") }
        writer.doc(operation.description)
        if operation.summary != nil || operation.description != nil { writer.line("///") }
        writer.line("/// `\(operation.verb.rawValue.uppercased()) \(operation.pathTemplate)` (`\(operation.id)`).")
        if let upload = operation.upload { emitUploadNote(upload, into: &writer) }
        if operation.isDeprecated {
            writer.line("@available(*, deprecated, message: \"deprecated in the API contract\")")
        }
        if operation.response != nil { writer.line("@discardableResult") }
        // A path parameter named like the receiver would shadow it; `self.` keeps the call right.
        let shadowed = Set(operation.pathParameters.map(\.name)).contains(onNamespace ? "client" : "call")
        let target = (shadowed ? "self." : "") + (onNamespace ? "client.call" : "call")
        let returns = operation.response.map { " -> \($0.name)" } ?? ""
        let signature =
            "public func \(Identifier.escaped(operation.methodName))(\(parameters(of: operation).joined(separator: ", ")))"
        writer.block("\(signature) async throws(\(operation.errorEnum.name))\(returns)") { body in
            body.line(
                "try await \(target)(\(operation.endpointName)(\(arguments(of: operation).joined(separator: ", "))))")
        }
    }

    /// The upload's wire shape and the checks made before sending, for the method's documentation.
    private static func emitUploadNote(_ upload: OperationModel.Upload, into writer: inout SwiftWriter) {
        var checks: [String] = []
        if let maxBytes = upload.maxBytes { checks.append("at most \(maxBytes) bytes") }
        if !upload.contentTypes.isEmpty {
            checks.append("of type " + upload.contentTypes.map { "`\($0)`" }.joined(separator: ", "))
        }
        writer.line("///")
        writer.line(
            "/// An upload: `file` is the `file` part of one `multipart/form-data` body, streamed from disk when it")
        writer.line("/// is a file; `progress` hears the bytes sent out of the total.")
        if checks.isEmpty {
            writer.line("/// The contract sets no limits, so nothing is checked before sending.")
        } else {
            writer.line("/// Checked before anything is sent: the file must be \(checks.joined(separator: " and ")); a")
            writer.line("/// violation throws `.other(.validation(_:))` with one field error on `file`.")
        }
    }

    /// The upload's progress observer, as an argument and a stored property spell it.
    static let progressType = "(@Sendable (_ sent: Int64, _ total: Int64) -> Void)?"

    private static func parameters(of operation: OperationModel) -> [String] {
        var parameters = operation.pathParameters.map { "\(Identifier.escaped($0.name)): \($0.type.swift)" }
        if operation.upload != nil { parameters.append("file: PBUpload") }
        if let input = operation.input {
            parameters.append(
                input.isRequired ? "_ input: \(input.declaration.name)" : "_ input: \(input.declaration.name)? = nil")
        }
        if let query = operation.query { parameters.append("query: \(query.name)\(defaultInit(query))") }
        if let headers = operation.headers { parameters.append("headers: \(headers.name)\(defaultInit(headers))") }
        if operation.upload != nil { parameters.append("progress: \(progressType) = nil") }
        return parameters
    }

    private static func arguments(of operation: OperationModel) -> [String] {
        var arguments = operation.pathParameters.map {
            "\(Identifier.escaped($0.name)): \(Identifier.escaped($0.name))"
        }
        if operation.upload != nil { arguments.append("file: file") }
        if operation.input != nil { arguments.append("input: input") }
        if operation.query != nil { arguments.append("query: query") }
        if operation.headers != nil { arguments.append("headers: headers") }
        if operation.upload != nil { arguments.append("progress: progress") }
        return arguments
    }

    /// ` = .init()` when every member is optional, so the argument can be left out.
    private static func defaultInit(_ declaration: Declaration) -> String {
        declaration.properties.allSatisfy { !$0.isRequired } ? " = .init()" : ""
    }

    /// The endpoint struct: the stored arguments and the `PBRequest` they make.
    static func emitEndpoint(_ operation: OperationModel, into writer: inout SwiftWriter) {
        let verb = operation.verb.rawValue.uppercased()
        writer.line("/// `\(verb) \(operation.pathTemplate)`: the request of `\(operation.id)`, for `pb.call(_:)`.")
        let conformance = operation.response == nil ? "PBVoidEndpoint" : "PBEndpoint"
        writer.block("public nonisolated struct \(operation.endpointName): \(conformance)") { body in
            if let response = operation.response { body.line("public typealias Response = \(response.name)") }
            body.line("public typealias Failure = \(operation.errorEnum.name)")
            if let upload = operation.upload {
                body.line("/// What `x-palbase-upload` allows, checked before anything is sent.")
                body.line("public static let constraints = \(constraints(upload))")
            }
            body.blank()
            var stored: [(name: String, type: String, isOptional: Bool, defaultValue: String)] = []
            for parameter in operation.pathParameters {
                body.note(parameter.type)
                stored.append((Identifier.escaped(parameter.name), parameter.type.swift, false, ""))
            }
            if operation.upload != nil { stored.append(("file", "PBUpload", false, "")) }
            if let input = operation.input {
                let type = input.declaration.name + (input.isRequired ? "" : "?")
                stored.append(("input", type, !input.isRequired, input.isRequired ? "" : " = nil"))
            }
            if let query = operation.query { stored.append(("query", query.name, false, defaultInit(query))) }
            if let headers = operation.headers { stored.append(("headers", headers.name, false, defaultInit(headers))) }
            if operation.upload != nil { stored.append(("progress", progressType, true, " = nil")) }
            for (name, type, _, _) in stored { body.line("public let \(name): \(type)") }
            if !stored.isEmpty { body.blank() }
            if stored.isEmpty {
                body.line("public init() {}")
            } else {
                let parameters = stored.map { "\($0.name): \($0.type)\($0.defaultValue)" }.joined(separator: ", ")
                body.block("public init(\(parameters))") { initializer in
                    for (name, _, _, _) in stored { initializer.line("self.\(name) = \(name)") }
                }
            }
            body.blank()
            body.line("public var pbRequest: PBRequest { \(request(for: operation)) }")
        }
    }

    /// `PBRequest(.get, ["todos", .param(id)], query: query)`: path parameters go in
    /// `.param` segments (the SDK percent-encodes them), the input in `body:` (an upload's in the
    /// `upload:` form, beside the file).
    static func request(for operation: OperationModel) -> String {
        let segments = operation.path.map { part in
            switch part {
            case .literal(let text): SwiftLiteral.string(text)
            case .parameter(let parameter):
                ".param(\(TextConversion.expression(for: parameter.type, value: Identifier.escaped(parameter.name))))"
            }
        }
        var arguments = [".\(operation.verb.rawValue)", "[\(segments.joined(separator: ", "))]"]
        if operation.upload != nil {
            let fields = operation.input != nil ? "fields: input, " : ""
            arguments.append(
                "upload: PBUploadForm(file: file, \(fields)constraints: Self.constraints, progress: progress)")
        } else if operation.input != nil {
            arguments.append("body: input")
        }
        if operation.query != nil { arguments.append("query: query") }
        if operation.headers != nil { arguments.append("headers: headers.headerFields") }
        return "PBRequest(\(arguments.joined(separator: ", ")))"
    }

    /// `PBUploadConstraints(maxBytes: 5242880, contentTypes: ["image/png"])`.
    private static func constraints(_ upload: OperationModel.Upload) -> String {
        let maxBytes = upload.maxBytes.map(String.init) ?? "nil"
        let types = upload.contentTypes.map(SwiftLiteral.string).joined(separator: ", ")
        return "PBUploadConstraints(maxBytes: \(maxBytes), contentTypes: [\(types)])"
    }
}
