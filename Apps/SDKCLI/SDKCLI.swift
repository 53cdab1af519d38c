// Placeholder: the CLI parser is built in its own branch.
public enum SDKCLI {
    public static func main(_ arguments: [String]) async -> Int32 { 0 }
}
