import Foundation
import PalbeCodegenTesting
import TestSupport
import Testing

@testable import PalbeCodegen

/// Issue 18 §6: small specs whose naive expansion is exponential or quadratic generate in time
/// proportional to their size, and one whose output itself would be exponential stops at the work
/// bound with a typed error instead of hanging CI's `--check`.
///
/// The bound is for an unoptimized build on a loaded 2-core machine running the suite in parallel
/// (alone, the three take about 0.2, 1 and 2 s). Before the fix, unoptimized, the fan-out took 106 s
/// and the alias chain more than 400 s; the third never ends. `Benchmarks codegen-expansion` reports
/// the release figures.
@Suite(.hangGuard)
struct ExpansionBoundTests {
    private static let bound: Duration = .seconds(20)

    @Test func allOfFanOutOfDepthTwentyMergesEachSchemaOnce() async throws {
        let (elapsed, output) = try await Self.generate(SyntheticSpec.allOfFanOut(depth: 20))
        #expect(elapsed < Self.bound, "took \(elapsed)")
        // S0 merges every level's own field once, whatever the number of paths to it.
        let s0 = Harness.file(output, "S0.swift")
        for level in 0..<20 { expectContains(s0, "public var field\(level): String?") }
        expectContains(s0, "public var id: String?")
        #expect(s0.components(separatedBy: "public var field19:").count == 2)
    }

    @Test func aliasChainOfFiveThousandResolvesInLinearTime() async throws {
        let (elapsed, output) = try await Self.generate(SyntheticSpec.aliasChain(length: 5_000))
        #expect(elapsed < Self.bound, "took \(elapsed)")
        expectContains(Harness.allText(output), "public typealias A0 = A1")
        expectContains(Harness.allText(output), "public typealias A4999 = Target")
    }

    @Test func exponentialOutputStopsAtTheWorkBound() async throws {
        // 8^8 = 16.7 million nested types: there is no shortcut, so the generator must give up.
        let spec = SyntheticSpec.inlineFanOut(depth: 8, width: 8)
        let clock = ContinuousClock()
        let (elapsed, failure) = try await onOwnThread { () -> (Duration, CodegenError?) in
            let start = clock.now
            do throws(CodegenError) {
                _ = try CodeGenerator().generate(specData: spec, specName: "openapi.json")
                return (clock.now - start, nil)
            } catch {
                return (clock.now - start, error)
            }
        }
        #expect(elapsed < Self.bound, "took \(elapsed)")
        let error = try #require(failure)
        guard case .workLimitExceeded(let pointer, let limit) = error else {
            Issue.record("expected workLimitExceeded, got \(error)")
            return
        }
        #expect(limit == CodegenOptions.defaultWorkLimit(specBytes: spec.count))
        #expect(pointer.hasPrefix("/components/schemas/Root/properties/level_"))
        #expect(error.errorCode == "codegen_work_limit_exceeded")
        #expect(error.description.contains("more than \(limit) steps"))
    }

    @Test func aSmallerWorkLimitStopsAnOrdinarySpec() throws {
        let spec = SyntheticSpec.make(operations: 40, schemas: 20)
        #expect(throws: Never.self) { try CodeGenerator().generate(specData: spec, specName: "s.json") }
        let strict = CodegenOptions(workLimit: 50)
        #expect {
            try CodeGenerator(options: strict).generate(specData: spec, specName: "s.json")
        } throws: { error in
            guard case .workLimitExceeded(_, let limit) = error as? CodegenError else { return false }
            return limit == 50
        }
    }

    @Test func anAllOfThatIncludesItselfIsStillAnError() {
        let spec = Harness.spec(
            paths: Harness.returning(##"{"$ref": "#/components/schemas/A"}"##),
            schemas: ##"""
                "A": {"allOf": [{"$ref": "#/components/schemas/B"}, {"$ref": "#/components/schemas/B"}]},
                "B": {"allOf": [{"$ref": "#/components/schemas/A"}, {"type": "object", "properties": {"x": {"type": "string"}}}]}
                """##)
        #expect(
            Harness.failure(spec)
                == .unsupported(pointer: "/components/schemas/B/allOf/0", reason: "allOf includes itself"))
    }

    /// Generates on a thread of its own (seconds of synchronous work would stall the shared pool).
    private static func generate(_ spec: Data) async throws -> (Duration, GeneratedOutput) {
        try await onOwnThread {
            let clock = ContinuousClock()
            let start = clock.now
            let output = try CodeGenerator().generate(specData: spec, specName: "openapi.json")
            return (clock.now - start, output)
        }
    }
}
