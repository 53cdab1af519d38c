import Foundation
import PalbeCodegen
import PalbeCodegenTesting

/// Issue 18 §6's benchmark: specs of a few kilobytes whose naive expansion is exponential or quadratic
/// (target: each under 1 second), and one whose output really is exponential, which must stop at the
/// work bound with `CodegenError.workLimitExceeded` (target: also under 1 second).
enum CodegenExpansionBenchmark {
    static func run() async throws {
        print("Codegen: specs that once blew up (issue 18)")
        try time("allOf fan-out, depth 20", SyntheticSpec.allOfFanOut(depth: 20))
        try time("$ref alias chain, 5,000 aliases", SyntheticSpec.aliasChain(length: 5_000))
        try time("inline fan-out 8^8, stops at the work bound", SyntheticSpec.inlineFanOut(depth: 8, width: 8))
    }

    /// Generates `spec` three times and reports the best time and the outcome.
    private static func time(_ name: String, _ spec: Data) throws {
        var best = Double.infinity
        var outcome = ""
        for _ in 0..<3 {
            let start = ContinuousClock.now
            do {
                let output = try CodeGenerator().generate(specData: spec, specName: "pathological.json")
                outcome = "\(output.files.count) files"
            } catch .workLimitExceeded(_, let limit) {
                outcome = "workLimitExceeded after \(limit) steps"
            }
            best = min(best, Measure.micros(ContinuousClock.now - start) / 1_000)
        }
        report(name, "\(fixed(best)) ms", "\(spec.count / 1024) KB spec, \(outcome) (target < 1,000 ms)")
    }
}
