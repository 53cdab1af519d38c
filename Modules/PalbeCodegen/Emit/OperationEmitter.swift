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

    private static func parameters(of operation: OperationModel) -> [String] {
        var parameters = operation.pathParameters.map { "\(Identifier.escaped($0.name)): \($0.type.swift)" }
        if let input = operation.input {
            parameters.append(
                input.isRequired ? "_ input: \(input.declaration.name)" : "_ input: \(input.declaration.name)? = nil")
        }
        if let query = operation.query { parameters.append("query: \(query.name)\(defaultInit(query))") }
        if let headers = operation.headers { parameters.append("headers: \(headers.name)\(defaultInit(headers))") }
        return parameters
    }

    private static func arguments(of operation: OperationModel) -> [String] {
        var arguments = operation.pathParameters.map {
            "\(Identifier.escaped($0.name)): \(Identifier.escaped($0.name))"
        }
        if operation.input != nil { arguments.append("input: input") }
        if operation.query != nil { arguments.append("query: query") }
        if operation.headers != nil { arguments.append("headers: headers") }
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
            body.blank()
            var stored: [(name: String, type: String, isOptional: Bool, defaultValue: String)] = []
            for parameter in operation.pathParameters {
                body.note(parameter.type)
                stored.append((Identifier.escaped(parameter.name), parameter.type.swift, false, ""))
            }
            if let input = operation.input {
                let type = input.declaration.name + (input.isRequired ? "" : "?")
                stored.append(("input", type, !input.isRequired, input.isRequired ? "" : " = nil"))
            }
            if let query = operation.query { stored.append(("query", query.name, false, defaultInit(query))) }
            if let headers = operation.headers { stored.append(("headers", headers.name, false, defaultInit(headers))) }
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
    /// `.param` segments (the SDK percent-encodes them), the input in `body:`.
    static func request(for operation: OperationModel) -> String {
        let segments = operation.path.map { part in
            switch part {
            case .literal(let text): SwiftLiteral.string(text)
            case .parameter(let parameter):
                ".param(\(TextConversion.expression(for: parameter.type, value: Identifier.escaped(parameter.name))))"
            }
        }
        var arguments = [".\(operation.verb.rawValue)", "[\(segments.joined(separator: ", "))]"]
        if operation.input != nil { arguments.append("body: input") }
        if operation.query != nil { arguments.append("query: query") }
        if operation.headers != nil { arguments.append("headers: headers.headerFields") }
        return "PBRequest(\(arguments.joined(separator: ", ")))"
    }
}
