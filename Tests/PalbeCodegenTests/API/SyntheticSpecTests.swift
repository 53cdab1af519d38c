import Foundation
import PalbeCodegenTesting
import TestSupport
import Testing

@testable import PalbeCodegen

/// The scale target: 1,000 operations and 500 schemas generate in well under a second (in a
/// release build; the bound here is loose because tests run unoptimized on a shared machine).
@Suite struct SyntheticSpecTests {
    @Test func sameArgumentsGiveTheSameBytes() {
        #expect(SyntheticSpec.make(operations: 40, schemas: 20) == SyntheticSpec.make(operations: 40, schemas: 20))
        #expect(SyntheticSpec.make(operations: 40, schemas: 20) != SyntheticSpec.make(operations: 40, schemas: 21))
    }

    @Test func smallSpecUsesEveryShapeWithoutWarnings() throws {
        let output = try CodeGenerator().generate(
            specData: SyntheticSpec.make(operations: 12, schemas: 6), specName: "synthetic.json")
        #expect(output.warnings.isEmpty)
        let text = Harness.allText(output)
        for snippet in [
            "PBRequest(.get, [\"area0\", \"r0\", .param(itemId)])",
            "PBRequest(.get, [\"area0\", \"r1\"], query: query)",
            "PBRequest(.post, [\"area0\", \"r2\"], body: input)",
            "PBRequest(.patch, [\"area0\", \"r3\", .param(itemId)], body: input)",
            "PBRequest(.delete, [\"area0\", \"r4\", .param(itemId)], headers: headers.headerFields)",
            "PBRequest(.query, [\"area0\", \"r5\", \"search\"], body: input)",
            "PBRequest(.query, [\"area0\", \"r11\", \"search\"], body: input)",
            "case quotaExceeded(QuotaExceededData)", "case locked(LockedData)", "public var score: Nullable<Double>",
            "public var note: Nullable<String>?", "case `public`", "public var labels: [String: Int]?",
            "public var parent: Model0002?",
        ] {
            expectContains(text, snippet)
        }
    }

    @Test func thousandOperationsAndFiveHundredSchemas() async throws {
        // Seconds of synchronous work in a debug build: it runs on a thread of its own, since tests
        // share a cooperative pool of one thread per core and this would stall every other test.
        let (elapsed, output, singleFileCount) = try await onOwnThread {
            let spec = SyntheticSpec.make(operations: 1_000, schemas: 500)
            let clock = ContinuousClock()
            var output: GeneratedOutput?
            let elapsed = try clock.measure {
                output = try CodeGenerator().generate(specData: spec, specName: "synthetic.json")
            }
            let single = try CodeGenerator(options: CodegenOptions(singleFile: true)).generate(
                specData: spec, specName: "synthetic.json")
            return (elapsed, output, single.files.count)
        }
        let files = try #require(output).files
        #expect(files.count == 551)  // 500 models, 50 namespaces, Palbe+Operations.swift
        #expect(try #require(output).warnings.isEmpty)
        #if DEBUG
            #expect(elapsed < .seconds(20))
        #else
            #expect(elapsed < .seconds(1))
        #endif
        #expect(singleFileCount == 1)
    }
}
