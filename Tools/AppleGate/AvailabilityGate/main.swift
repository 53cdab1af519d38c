// availability-gate: fails on any use, in the given Swift sources, of a declaration newer than iOS 17 /
// macOS 14 (or unavailable there) that no `if #available` / `@available` scope guards.
//
//   availability-gate [--modules-of DIR]… PATH…
//
// The Linux compiler ignores Apple availability, but the toolchain's modules keep it: their symbol
// graphs (`swift-symbolgraph-extract`, which reads modules with or without a .swiftinterface) say for
// every declaration when each platform got it. `--modules-of DIR` adds the modules built in DIR (the
// Apple-API gate's framework stubs), so a stub's `@available(iOS 18, …)` is gated too. See
// `SourceScanner` for how uses are found and what is not modelled. Exit status: 0 clean, 1 findings,
// 2 usage or toolchain trouble.

import Foundation

/// The toolchain modules whose declarations the SDKs use.
let toolchainModules = [
    "Swift", "_Concurrency", "Synchronization", "Observation", "FoundationEssentials", "Foundation",
    "FoundationNetworking", "Dispatch",
]
/// The stub modules read from `--modules-of` directories, when built there.
let stubModules = [
    "AuthenticationServices", "PassKit", "LocalAuthentication", "DeviceCheck", "Security", "CryptoKit", "CommonCrypto",
    "UIKit", "AppKit", "os",
]

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("availability-gate: \(message)\n".utf8))
    finish(2)
}

/// Removes the symbol graphs and exits with `status`.
func finish(_ status: Int32) -> Never {
    try? FileManager.default.removeItem(
        at: FileManager.default.temporaryDirectory.appendingPathComponent("availability-gate-\(getpid())"))
    exit(status)
}

var moduleDirectories: [String] = []
var paths: [String] = []
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    if argument == "--modules-of" {
        guard let directory = arguments.popFirst() else { fail("--modules-of needs a directory") }
        moduleDirectories.append(directory)
    } else if argument.hasPrefix("-") {
        fail("unknown option \(argument); usage: availability-gate [--modules-of DIR]… PATH…")
    } else {
        paths.append(argument)
    }
}
guard !paths.isEmpty else { fail("usage: availability-gate [--modules-of DIR]… PATH…") }

/// The toolchain's `bin` directory, found from `swift` on PATH (resolving links).
func toolchainBin() -> URL {
    for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
        let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("swift-symbolgraph-extract")
        if FileManager.default.isExecutableFile(atPath: candidate.path) {
            return candidate.resolvingSymlinksInPath().deletingLastPathComponent()
        }
    }
    fail("swift-symbolgraph-extract is not on PATH")
}

let bin = toolchainBin()
let resourceModules = bin.deletingLastPathComponent().appendingPathComponent("lib/swift/linux")
#if arch(arm64)
    let triple = "aarch64-unknown-linux-gnu"
#else
    let triple = "x86_64-unknown-linux-gnu"
#endif

let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("availability-gate-\(getpid())")

/// Extracts `module`'s public symbol graph, searching `searchPaths`; false when it is not there.
func extract(_ module: String, searchPaths: [String]) -> Bool {
    let output = scratch.appendingPathComponent(module)
    try? FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
    let process = Process()
    process.executableURL = bin.appendingPathComponent("swift-symbolgraph-extract")
    process.arguments =
        [
            "-module-name", module, "-target", triple, "-output-dir", output.path, "-minimum-access-level", "public",
            "-I", resourceModules.path,
        ] + searchPaths.flatMap { ["-I", $0] }
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    do {
        try process.run()
    } catch {
        fail("cannot run swift-symbolgraph-extract: \(error)")
    }
    process.waitUntilExit()
    return process.terminationStatus == 0
}

var index = SymbolIndex()
let started = Date()
for module in toolchainModules {
    guard extract(module, searchPaths: []) else { fail("no symbol graph for \(module) in \(resourceModules.path)") }
    do {
        try index.add(graphsIn: scratch.appendingPathComponent(module), module: module)
    } catch {
        fail("cannot read \(module)'s symbol graph: \(error)")
    }
}
var stubsRead: [String] = []
for directory in moduleDirectories {
    for module in stubModules
    where FileManager.default.fileExists(atPath: "\(directory)/\(module).swiftmodule") && !stubsRead.contains(module) {
        guard extract(module, searchPaths: [directory]) else { continue }
        try? index.add(graphsIn: scratch.appendingPathComponent(module), module: module)
        stubsRead.append(module)
    }
}

// Every Swift file under the paths.
var files: [String] = []
for path in paths {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { fail("no such path: \(path)") }
    if !isDirectory.boolValue {
        files.append(path)
        continue
    }
    let enumerator = FileManager.default.enumerator(atPath: path)
    while let relative = enumerator?.nextObject() as? String {
        if relative.hasSuffix(".swift") { files.append((path as NSString).appendingPathComponent(relative)) }
    }
}
files.sort()

var sources: [(path: String, text: String)] = []
for file in files {
    guard let data = FileManager.default.contents(atPath: file) else { fail("cannot read \(file)") }
    sources.append((file, String(decoding: data, as: UTF8.self)))
}
// What the scanned code declares itself is never the toolchain's.
var declared: Set<String> = []
for source in sources { declared.formUnion(SourceScanner.declaredNames(in: source.text)) }
index.addUnrestricted(declared)

let scanner = SourceScanner(index: index)
var count = 0
for source in sources {
    for finding in scanner.findings(in: source.text) {
        count += 1
        let symbol = finding.symbol
        print(
            "\(source.path):\(finding.line):\(finding.column): error: \(symbol.title) is \(symbol.requirement) "
                + "(\(symbol.module)); the package supports iOS 17 / macOS 14: guard it with if #available or "
                + "@available")
    }
}
let seconds = String(format: "%.1f", Date().timeIntervalSince(started))
let stubs = stubsRead.isEmpty ? "" : " and \(stubsRead.count) framework stubs"
if count > 0 {
    print(
        "availability-gate: \(count) use(s) of APIs newer than iOS 17 / macOS 14 in \(files.count) files (\(seconds) s)"
    )
    finish(1)
}
print(
    "availability-gate: \(files.count) files, no API newer than iOS 17 / macOS 14 (toolchain modules\(stubs), "
        + "\(seconds) s)")
finish(0)
