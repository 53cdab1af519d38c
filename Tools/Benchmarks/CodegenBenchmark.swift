import Foundation
import PalbeCodegen
import PalbeCodegenTesting

/// Issue 5's benchmark: generating a synthetic spec of 1,000 operations and 500 schemas (target:
/// under 1 second), and `swift build` of the generated code for 200 operations, emitted as several
/// files and as one (the multi-file gain), against this package's real Palbe.
enum CodegenBenchmark {
    static func run() async throws {
        let spec = SyntheticSpec.make(operations: 1_000, schemas: 500)
        _ = try CodeGenerator().generate(specData: spec, specName: "synthetic.json")  // warm-up
        var best = Double.infinity
        var fileCount = 0
        for _ in 0..<3 {
            let start = ContinuousClock.now
            let output = try CodeGenerator().generate(specData: spec, specName: "synthetic.json")
            best = min(best, Measure.micros(ContinuousClock.now - start) / 1_000)
            fileCount = output.files.count
        }
        print("Codegen: synthetic spec, 1,000 operations and 500 schemas (\(spec.count / 1024) KB)")
        report("generation, best of 3", "\(fixed(best)) ms", "\(fileCount) files (target < 1,000 ms)")

        guard CommandLine.arguments.contains("codegen") else {
            print("  (the build comparison runs only when asked: Benchmarks codegen)")
            return
        }
        try buildComparison()
    }

    /// Builds the 200-operation client twice in a scratch package that depends on this one: once as
    /// one file per namespace and model, once as a single file. The package's own modules are built
    /// first and not timed, so each figure is the generated target alone.
    static func buildComparison() throws {
        // The SDK package's root, wherever the command runs from: this file is
        // Tools/Benchmarks/CodegenBenchmark.swift inside it.
        var root = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { root.deleteLastPathComponent() }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("codegen-bench-\(getpid())")
        let sources = scratch.appendingPathComponent("Sources/Generated")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let manifest = """
            // swift-tools-version: 6.2
            import PackageDescription
            let package = Package(
                name: "CodegenBench",
                dependencies: [.package(path: "\(root.path)")],
                targets: [
                    .target(name: "Generated", dependencies: [
                        .product(name: "Palbe", package: "\(root.lastPathComponent)"),
                        .product(name: "ErrorCore", package: "\(root.lastPathComponent)"),
                    ])
                ]
            )
            """
        try manifest.write(to: scratch.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        let spec = SyntheticSpec.make(operations: 200, schemas: 100)
        try "public let placeholder = 0\n".write(
            to: sources.appendingPathComponent("Placeholder.swift"), atomically: true, encoding: .utf8)
        print("Codegen: swift build (debug) of the generated client for 200 operations and 100 schemas")
        _ = try swiftBuild(in: scratch)  // dependencies, untimed
        for singleFile in [false, true] {
            for file in try FileManager.default.contentsOfDirectory(at: sources, includingPropertiesForKeys: nil) {
                try FileManager.default.removeItem(at: file)
            }
            let output = try CodeGenerator(options: CodegenOptions(singleFile: singleFile)).generate(
                specData: spec, specName: "synthetic.json")
            try output.write(to: sources)
            let seconds = try swiftBuild(in: scratch)
            report(singleFile ? "one file" : "\(output.files.count) files", "\(fixed(seconds, 1)) s")
        }
    }

    /// Runs `swift build` in `directory` and returns the wall time in seconds.
    static func swiftBuild(in directory: URL) throws -> Double {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "build", "--package-path", directory.path]
        process.standardOutput = FileHandle.nullDevice
        let start = ContinuousClock.now
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.executableLoad) }
        return Measure.micros(ContinuousClock.now - start) / 1_000_000
    }
}
