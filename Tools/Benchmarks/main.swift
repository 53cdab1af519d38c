import Foundation

/// `swift run -c release Benchmarks [name…]`: runs the named benchmarks (all when none), each
/// printing its figures and the ratios that its targets are judged by, measured in this one run.
// The upload benchmark's sink runs as a child process of this executable (see UploadSink).
if CommandLine.arguments.dropFirst().first == "--upload-sink" { UploadSink.serve() }

let available: [(name: String, run: () async throws -> Void)] = [
    ("transport", TransportBenchmark.run),
    ("emulator", EmulatorBenchmark.run),
    ("palbe", PalbeBenchmark.run),
    ("auth", AuthBenchmark.run),
    ("codegen", CodegenBenchmark.run),
    ("codegen-expansion", CodegenExpansionBenchmark.run),
    ("chatbase", ChatbaseBenchmark.run),
    ("upload", UploadBenchmark.run),
    ("purse", PurseBenchmark.run),
    ("size", SizeBenchmark.run),
]
let requested = Set(CommandLine.arguments.dropFirst())
let unknown = requested.subtracting(available.map(\.name))
guard unknown.isEmpty else {
    print(
        "unknown benchmark: \(unknown.sorted().joined(separator: ", ")); available: \(available.map(\.name).joined(separator: ", "))"
    )
    exit(2)
}
for benchmark in available where requested.isEmpty || requested.contains(benchmark.name) {
    try await benchmark.run()
    print()
}
