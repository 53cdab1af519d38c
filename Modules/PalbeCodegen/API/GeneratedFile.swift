/// One Swift source file of the generated client.
public struct GeneratedFile: Sendable, Equatable {
    /// The file name, without a directory (`TodosNamespace.swift`).
    public let name: String
    /// The complete file text, UTF-8, ending in a newline.
    public let contents: String

    /// A file named `name` holding `contents`.
    public init(name: String, contents: String) {
        self.name = name
        self.contents = contents
    }
}
