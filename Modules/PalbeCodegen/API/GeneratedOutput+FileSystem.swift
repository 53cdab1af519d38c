import Foundation

extension GeneratedOutput {
    /// The names of the files that make `directory` differ from this output: generated files
    /// that are missing or whose bytes differ, and files the generator owns (they start with
    /// ``headerMarker``) that this output no longer contains. Empty means up to date; `sdk palbe
    /// codegen --check` lists these names and exits non-zero otherwise.
    ///
    /// An unreadable or missing directory makes every generated file stale. Hand-written files
    /// in the directory are ignored.
    public func check(against directory: URL) -> [String] {
        var stale: [String] = []
        for file in files {
            let url = directory.appendingPathComponent(file.name)
            if (try? Data(contentsOf: url)) != Data(file.contents.utf8) { stale.append(file.name) }
        }
        stale += ownedFiles(in: directory).subtracting(files.map(\.name))
        return stale.sorted()
    }

    /// Writes the output into `directory` (created when missing): changed and new files are
    /// written, unchanged ones left alone (their modification dates too, so an incremental
    /// build recompiles only what changed), and files the generator owns that the output no
    /// longer contains are removed. Files without the ``headerMarker`` are never touched.
    ///
    /// - Throws: ``CodegenError/fileSystem(path:reason:)`` naming the first path that failed.
    public func write(to directory: URL) throws(CodegenError) {
        let manager = FileManager.default
        do {
            try manager.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw CodegenError.fileSystem(
                path: directory.path, reason: "cannot create the directory: \(error.localizedDescription)")
        }
        for file in files {
            let url = directory.appendingPathComponent(file.name)
            let data = Data(file.contents.utf8)
            let existing = try? Data(contentsOf: url)
            if existing == data { continue }
            if let existing, !Self.isOwned(existing) {
                throw CodegenError.fileSystem(
                    path: url.path, reason: "a hand-written file has the name of a generated one; rename or remove it")
            }
            do {
                try data.write(to: url, options: .atomic)
            } catch {
                throw CodegenError.fileSystem(path: url.path, reason: "cannot write: \(error.localizedDescription)")
            }
        }
        for name in ownedFiles(in: directory).subtracting(files.map(\.name)).sorted() {
            let url = directory.appendingPathComponent(name)
            do {
                try manager.removeItem(at: url)
            } catch {
                throw CodegenError.fileSystem(
                    path: url.path, reason: "cannot remove a stale generated file: \(error.localizedDescription)")
            }
        }
    }

    /// The `.swift` files directly in `directory` that start with the header marker.
    private func ownedFiles(in directory: URL) -> Set<String> {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return Set(
            names.filter { name in
                guard name.hasSuffix(".swift"),
                    let handle = try? FileHandle(forReadingFrom: directory.appendingPathComponent(name))
                else { return false }
                defer { try? handle.close() }
                let prefix = (try? handle.read(upToCount: Self.headerMarker.utf8.count)) ?? Data()
                return Self.isOwned(prefix)
            })
    }

    private static func isOwned(_ data: Data) -> Bool {
        data.starts(with: Data(headerMarker.utf8))
    }
}
