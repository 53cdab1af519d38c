// swift-tools-version: 6.2
import PackageDescription

// The benchmarks are a package of their own, depending on the SDK package by path (as swift-nio's and
// swift-log's are), so an app that depends on the SDKs never resolves or builds them:
//
//     swift run -c release --package-path Tools/Benchmarks Benchmarks [transport emulator palbe chatbase codegen codegen-expansion upload purse auth]

/// The root package's `-package-name`: SwiftPM derives it from the identity of a path dependency, the
/// last component of its directory (`swift-sdks` → `swift_sdks`, a worktree `wt-x` → `wt_x`), so it is
/// computed here rather than spelled. Compiling the benchmarks under that name lets them reach the
/// SDKs' `package` API (the seams tests use too) without making it public; SwiftPM allows the unsafe
/// flag because this package is always the root when it is built.
let rootPackageName: String = {
    let directory = Context.packageDirectory.split(separator: "/").dropLast(2).last.map(String.init) ?? ""
    var name = String(directory.lowercased().map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
    if name.first?.isNumber ?? true { name = "_" + name }
    return name
}()

let package = Package(
    name: "Benchmarks",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "Benchmarks", targets: ["Benchmarks"])
    ],
    dependencies: [
        .package(name: "swift-sdks", path: "../..")
    ],
    targets: [
        // MARK: - System-library shims

        // The bare-libcurl baseline of the transport benchmark. Its own module name: the SDK package's
        // `CCurl` is in the same graph, and two modules of one name would clash.
        .systemLibrary(
            name: "CCurlBaseline",
            path: "Sources/CCurlBaseline",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),

        // MARK: - Benchmarks

        .executableTarget(
            name: "Benchmarks",
            dependencies: [
                "CCurlBaseline",
                .product(name: "ErrorCore", package: "swift-sdks"),
                .product(name: "SDKTransport", package: "swift-sdks"),
                .product(name: "Palbe", package: "swift-sdks"),
                .product(name: "PalbeCodegen", package: "swift-sdks"),
                .product(name: "ChatbaseSDK", package: "swift-sdks"),
                .product(name: "PurseCheckout", package: "swift-sdks"),
                .product(name: "Emulator", package: "swift-sdks"),
                .product(name: "HTTPServerTesting", package: "swift-sdks"),
                .product(name: "PalbeCodegenTesting", package: "swift-sdks"),
            ],
            // Not this package's own `-package-name`, which SwiftPM would pass after the one below.
            packageAccess: false,
            swiftSettings: [
                .unsafeFlags(["-package-name", rootPackageName]),
                .enableUpcomingFeature("ExistentialAny"),
                .enableUpcomingFeature("MemberImportVisibility"),
                .treatAllWarnings(as: .error),
            ]
        ),
    ]
)
