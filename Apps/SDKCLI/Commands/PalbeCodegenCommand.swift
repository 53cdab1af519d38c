import ErrorCore
import Foundation
import PalbeCodegen

extension Command {
    /// `sdk palbe codegen --spec <openapi.json> --out <dir> [--check] [--single-file]`.
    static let palbeCodegen = Command(
        name: "codegen",
        summary: "Generate the Swift client for an OpenAPI document.",
        discussion: """
            Writes one file per namespace and per model into --out, touching only files whose bytes \
            changed and removing generated files the spec no longer produces; hand-written files in \
            --out are left alone. With --check nothing is written: the command lists the stale, missing \
            and leftover files and exits 1 when the directory differs from what the spec generates, \
            which is how CI catches a client that was not regenerated. Warnings go to stderr.
            """,
        parameters: PalbeCodegenParameters(),
        run: { values, context in
            try PalbeCodegenRun(values: values).run(context: context)
        }
    )
}

/// `sdk palbe codegen`'s options.
struct PalbeCodegenParameters: CommandParameters {
    let spec = Option<String>.required(
        "spec", type: .nonEmpty, valueName: "openapi.json", help: "The OpenAPI document.")
    let out = Option<String>.required("out", type: .nonEmpty, valueName: "dir", help: "The output directory.")
    let check = Option.flag("check", help: "Compare the directory with the generated output instead of writing it.")
    let singleFile = Option.flag("single-file", help: "Emit everything in one file, PalbeGenerated.swift.")
}

/// One run of `sdk palbe codegen`, from its options.
struct PalbeCodegenRun {
    let specPath: String
    let outputPath: String
    let isCheck: Bool
    let isSingleFile: Bool

    init(values: Parsed<PalbeCodegenParameters>) {
        specPath = values.spec
        outputPath = values.out
        isCheck = values.check
        isSingleFile = values.singleFile
    }

    /// Generates, prints the warnings to stderr, then checks or writes.
    ///
    /// - Throws: ``CommandFailure`` when the spec cannot be read or generation fails (the message
    ///   names the spec and the JSON pointer of the problem); ``ExitCode/failure`` after listing the
    ///   stale files with `--check`.
    func run(context: OutputContext) throws {
        guard let specData = FileManager.default.contents(atPath: specPath) else {
            throw CommandFailure(
                code: "spec_unreadable", message: "cannot read the spec \(UsageError.quoted(specPath))")
        }
        let specName = URL(fileURLWithPath: specPath).lastPathComponent
        let output: GeneratedOutput
        do throws(CodegenError) {
            output = try CodeGenerator(options: CodegenOptions(singleFile: isSingleFile))
                .generate(specData: specData, specName: specName)
        } catch {
            throw CommandFailure(code: error.errorCode, message: "\(specPath): \(error.description)")
        }
        for warning in output.warnings { context.log("warning: \(specPath): \(warning.description)") }
        let directory = URL(fileURLWithPath: outputPath, isDirectory: true)
        if isCheck {
            try check(output, against: directory, context: context)
        } else {
            try write(output, to: directory, context: context)
        }
    }

    private func check(_ output: GeneratedOutput, against directory: URL, context: OutputContext) throws {
        let stale = output.check(against: directory)
        try context.emit(
            CodegenCheckResult(upToDate: stale.isEmpty, stale: stale),
            text: stale.isEmpty
                ? ["\(outputPath) is up to date (\(output.files.count) files)"]
                : ["\(outputPath) is stale; run 'sdk palbe codegen' without --check to update:"]
                    + stale.map { "  \($0)" })
        if !stale.isEmpty { throw ExitCode.failure }
    }

    private func write(_ output: GeneratedOutput, to directory: URL, context: OutputContext) throws {
        let changed = output.check(against: directory)
        do throws(CodegenError) {
            try output.write(to: directory)
        } catch {
            throw CommandFailure(code: error.errorCode, message: error.description)
        }
        try context.emit(
            CodegenWriteResult(files: output.files.count, changed: changed),
            text: ["wrote \(changed.count) of \(output.files.count) files to \(outputPath)"]
                + changed.map { "  \($0)" })
    }
}

/// What `sdk palbe codegen --check --json` prints.
private struct CodegenCheckResult: Encodable {
    let upToDate: Bool
    let stale: [String]
}

/// What `sdk palbe codegen --json` prints: the number of generated files and those written or
/// removed.
private struct CodegenWriteResult: Encodable {
    let files: Int
    let changed: [String]
}
