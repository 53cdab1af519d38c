// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "swift-sdks",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .library(name: "ErrorCore", targets: ["ErrorCore"]),
        .library(name: "Palbe", targets: ["Palbe"]),
        .library(name: "PalbeCodegen", targets: ["PalbeCodegen"]),
        .library(name: "PurseCheckout", targets: ["PurseCheckout"]),
        .library(name: "ChatbaseSDK", targets: ["ChatbaseSDK"]),
        .executable(name: "sdk", targets: ["sdk"]),
    ],
    targets: [
        // MARK: - System-library shims

        .systemLibrary(
            name: "CSQLite",
            path: "Modules/CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .systemLibrary(
            name: "COpenSSL",
            path: "Modules/COpenSSL",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"])]
        ),
        .systemLibrary(
            name: "CCurl",
            path: "Modules/CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),

        // MARK: - Shared core

        .target(
            name: "ErrorCore",
            dependencies: ["CCurl", "COpenSSL"],
            path: "Modules/ErrorCore"
        ),

        // MARK: - SDKs

        .target(name: "Palbe", dependencies: ["ErrorCore"], path: "Modules/Palbe"),
        .target(name: "PalbeCodegen", dependencies: ["ErrorCore"], path: "Modules/PalbeCodegen"),
        .target(name: "PurseCheckout", dependencies: ["ErrorCore"], path: "Modules/PurseCheckout"),
        .target(name: "ChatbaseSDK", dependencies: ["ErrorCore"], path: "Modules/ChatbaseSDK"),
        // The client `sdk palbe codegen` generates from Specs/palbase/openapi.json, committed so CI can
        // check it is current and build it with warnings as errors; the demo and integration tests use it.
        .target(name: "PalbeSample", dependencies: ["Palbe", "ErrorCore"], path: "Modules/PalbeSample"),

        // MARK: - Tools: the HTTP server the emulator and the tests share, benchmarks

        .target(name: "HTTPServer", path: "Tools/HTTPServer"),
        .target(
            name: "Emulator",
            dependencies: ["HTTPServer", "ErrorCore", "CSQLite"],
            path: "Tools/Emulator"
        ),
        .executableTarget(
            name: "Benchmarks",
            dependencies: ["ErrorCore", "HTTPServer", "CCurl", "Emulator", "Palbe", "PalbeCodegen", "ChatbaseSDK"],
            path: "Tools/Benchmarks"
        ),

        // MARK: - The CLI

        .target(
            name: "SDKCLI",
            dependencies: [
                "ErrorCore", "Palbe", "PalbeCodegen", "PalbeSample", "PurseCheckout", "ChatbaseSDK", "HTTPServer",
                "Emulator",
            ],
            path: "Apps/SDKCLI"
        ),
        .executableTarget(name: "sdk", dependencies: ["SDKCLI"], path: "Apps/sdk"),

        // MARK: - Tests

        .target(
            name: "TestSupport",
            dependencies: ["ErrorCore", "HTTPServer"],
            path: "Tests/Support"
        ),
        .testTarget(
            name: "ErrorCoreTests",
            dependencies: ["ErrorCore", "HTTPServer", "TestSupport"],
            path: "Tests/ErrorCoreTests",
            resources: []
        ),
        .testTarget(
            name: "HTTPServerTests",
            dependencies: ["HTTPServer", "TestSupport"],
            path: "Tests/HTTPServerTests"
        ),
        .testTarget(name: "SDKCLITests", dependencies: ["SDKCLI", "TestSupport"], path: "Tests/SDKCLITests"),
        .testTarget(
            name: "PalbeCodegenTests", dependencies: ["PalbeCodegen", "TestSupport"], path: "Tests/PalbeCodegenTests"),
        .testTarget(
            name: "EmulatorTests",
            dependencies: ["Emulator", "ErrorCore", "HTTPServer", "TestSupport"],
            path: "Tests/EmulatorTests"
        ),
        .testTarget(
            name: "PalbeTests",
            dependencies: ["Palbe", "ErrorCore", "Emulator", "HTTPServer", "TestSupport"],
            path: "Tests/PalbeTests"
        ),
        .testTarget(
            name: "PalbeSampleTests",
            dependencies: ["PalbeSample", "Palbe", "ErrorCore", "Emulator", "HTTPServer", "TestSupport"],
            path: "Tests/PalbeSampleTests"
        ),
        .testTarget(
            name: "ChatbaseSDKTests",
            dependencies: ["ChatbaseSDK", "ErrorCore", "Emulator", "HTTPServer", "TestSupport"],
            path: "Tests/ChatbaseSDKTests"
        ),
        .testTarget(
            name: "CrossSDKTests",
            dependencies: ["ErrorCore", "Palbe", "PurseCheckout", "ChatbaseSDK"],
            path: "Tests/CrossSDKTests"
        ),
    ]
)

// Shared settings for every Swift target: Swift 6 mode with strict concurrency comes from the tools
// version; these add the upcoming features we hold ourselves to and make any warning fail the build.
// (Warning-control settings are dropped by SwiftPM when this package is someone else's dependency.)
for target in package.targets where target.type != .system {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .enableUpcomingFeature("ExistentialAny"),
            .enableUpcomingFeature("MemberImportVisibility"),
            .treatAllWarnings(as: .error),
        ]
}
