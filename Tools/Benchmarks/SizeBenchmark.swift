import Foundation

/// `size`: what each SDK adds to a stripped release executable, and each partner module on top of
/// PurseCheckout, against the budgets in `Tools/SizeProbes/budget.txt`. `Tools/scripts/size-budget` builds
/// and measures (CI runs it as a check); this runs it and prints its table.
enum SizeBenchmark {
    static func run() async throws {
        // The package's root: this file is Tools/Benchmarks/SizeBenchmark.swift inside it.
        var root = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { root.deleteLastPathComponent() }
        print("Size: what each SDK adds to a stripped release executable that makes one call through it")
        let process = Process()
        process.executableURL = root.appendingPathComponent("Tools/scripts/size-budget")
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 { print("  over budget: see the lines above") }
    }
}
