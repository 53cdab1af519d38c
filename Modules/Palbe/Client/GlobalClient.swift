/// The app's Palbase client, configured from `Palbase-Info.plist` on first use (see
/// ``PalbeConfiguration/fromInfoPlist()`` for where the file is looked for).
///
/// ```swift
/// let todos: [Todo] = try await pb.call("todos", method: .get)
/// ```
///
/// A misconfigured build dies at first use with `fatalError("Palbe: \(error.message)")`
/// (``AppConfigError``) rather than limping on: a missing or unusable plist is a build mistake, not
/// a run-time condition to recover from.
public let pb: Palbe = {
    do throws(AppConfigError) {
        return Palbe(configuration: try PalbeConfiguration.fromInfoPlist())
    } catch {
        fatalError("Palbe: \(error.message)")
    }
}()
