// swift-tools-version: 6.2
import PackageDescription

// `SDK_PORTABLE=1 swift build|test` builds the SDKs the way an iPhone compiles them: libcurl is not
// linked, `#if SDK_PORTABLE` drops `CurlTransport`, and `URLSessionTransport` is the default. CI runs
// the transport conformance suite and the Palbe, Chatbase and Purse emulator suites that way.
let portable = Context.environment["SDK_PORTABLE"] == "1"

/// A C library linked on Linux only: Apple platforms have CryptoKit and URLSession instead.
func linuxOnly(_ name: String) -> Target.Dependency {
    .target(name: name, condition: .when(platforms: [.linux]))
}
let curl: [Target.Dependency] = portable ? [] : [linuxOnly("CCurl")]

let package = Package(
    name: "swift-sdks",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .library(name: "ErrorCore", targets: ["ErrorCore"]),
        // The transport seam `Palbe.init(configuration:transport:)` takes (Palbe re-exports it), for code that
        // needs a transport without an SDK: a shared or stub transport, the benchmarks' bare CurlTransport.
        .library(name: "SDKTransport", targets: ["SDKTransport"]),
        .library(name: "Palbe", targets: ["Palbe"]),
        .library(name: "PalbeCodegen", targets: ["PalbeCodegen"]),
        .library(name: "PurseCheckout", targets: ["PurseCheckout"]),
        // Partner modules: an app links only the partners it uses, and installs each at start-up.
        .library(name: "PurseCheckoutApplePay", targets: ["PurseCheckoutApplePay"]),
        .library(name: "PurseCheckoutPayPal", targets: ["PurseCheckoutPayPal"]),
        .library(name: "PurseCheckoutKlarna", targets: ["PurseCheckoutKlarna"]),
        .library(name: "ChatbaseSDK", targets: ["ChatbaseSDK"]),
        // The local emulator and the loopback HTTP server it runs on, for tools outside this manifest.
        // HTTPServer is public API; the emulator's is `package` for now.
        .library(
            name: "Emulator",
            targets: ["Emulator", "EmulatorCore", "EmulatorPalbase", "EmulatorChatbase", "EmulatorPurse", "HTTPServer"]),
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

        .target(name: "ErrorCore", path: "Modules/ErrorCore"),
        // The HTTP transport: CurlTransport on Linux, URLSessionTransport everywhere.
        .target(name: "SDKTransport", dependencies: ["ErrorCore"] + curl, path: "Modules/SDKTransport"),
        // Crypto and the secure store: OpenSSL and files on Linux, CryptoKit and the Keychain on Apple.
        .target(name: "SDKCrypto", dependencies: [linuxOnly("COpenSSL")], path: "Modules/SDKCrypto"),

        // MARK: - SDKs

        .target(name: "Palbe", dependencies: ["ErrorCore", "SDKTransport", "SDKCrypto"], path: "Modules/Palbe"),
        .target(name: "PalbeCodegen", dependencies: ["ErrorCore"], path: "Modules/PalbeCodegen"),
        .target(
            name: "PurseCheckout", dependencies: ["ErrorCore", "SDKTransport", "SDKCrypto"],
            path: "Modules/PurseCheckout"),
        // One small target per partner module, each depending on PurseCheckout alone.
        .target(name: "PurseCheckoutApplePay", dependencies: ["PurseCheckout"], path: "Modules/PurseCheckoutApplePay"),
        .target(name: "PurseCheckoutPayPal", dependencies: ["PurseCheckout"], path: "Modules/PurseCheckoutPayPal"),
        .target(name: "PurseCheckoutKlarna", dependencies: ["PurseCheckout"], path: "Modules/PurseCheckoutKlarna"),
        .target(
            name: "ChatbaseSDK", dependencies: ["ErrorCore", "SDKTransport", "SDKCrypto"], path: "Modules/ChatbaseSDK"),
        // The client `sdk palbe codegen` generates from Specs/palbase/openapi.json, committed so CI can
        // check it is current and build it with warnings as errors; the demo and integration tests use it.
        .target(name: "PalbeSample", dependencies: ["Palbe", "ErrorCore"], path: "Modules/PalbeSample"),

        // MARK: - Tools: the HTTP server the emulator and the tests share, the emulator

        .target(name: "HTTPServer", dependencies: ["ErrorCore"], path: "Tools/HTTPServer"),
        // A blocking raw-socket HTTP/1.1 client on HTTPServer's socket helpers, for tests and benchmarks.
        .target(name: "HTTPServerTesting", dependencies: ["HTTPServer", "ErrorCore"], path: "Tools/HTTPServerTesting"),
        // Large and pathological OpenAPI documents, for the generator's scale tests and benchmarks.
        .target(name: "PalbeCodegenTesting", dependencies: ["ErrorCore"], path: "Tools/PalbeCodegenTesting"),
        // The emulator: the platform (server wiring, storage, admin API, faults, inbox, request log), one
        // library per backend on top of it, and `Emulator`, which assembles all three as `sdk emulator start`
        // runs them. A suite links only the backend it talks to.
        .target(
            name: "EmulatorCore", dependencies: ["HTTPServer", "ErrorCore", "SDKCrypto", "CSQLite"],
            path: "Tools/Emulator/Core"),
        .target(
            name: "EmulatorPalbase",
            dependencies: ["EmulatorCore", "HTTPServer", "ErrorCore", "SDKCrypto", "AppAttestTestSupport"],
            path: "Tools/Emulator/Palbase"),
        .target(
            name: "EmulatorChatbase", dependencies: ["EmulatorCore", "HTTPServer", "ErrorCore", "SDKCrypto"],
            path: "Tools/Emulator/Chatbase"),
        .target(
            name: "EmulatorPurse", dependencies: ["EmulatorCore", "HTTPServer", "ErrorCore", "SDKCrypto"],
            path: "Tools/Emulator/Purse"),
        .target(
            name: "Emulator", dependencies: ["EmulatorCore", "EmulatorPalbase", "EmulatorChatbase", "EmulatorPurse"],
            path: "Tools/Emulator/Standard"),
        // The emulator's App Attest test format (a test CA's attestations), which it verifies and the test
        // attester makes: test code, so it ships in no SDK.
        .target(name: "AppAttestTestSupport", dependencies: ["SDKCrypto"], path: "Tools/AppAttestTestSupport"),
        // What the CLI and the tests give a Palbe client in place of the device's own parts: the test attester.
        .target(
            name: "PalbeTesting", dependencies: ["Palbe", "ErrorCore", "SDKCrypto", "AppAttestTestSupport"],
            path: "Tools/PalbeTesting"),
        // Tools around the Purse emulator that the CLI and the tests share: the merchant client that mints
        // sessions, and the chaos runner that proves a submission never charges twice.
        .target(
            name: "PurseTools",
            dependencies: ["PurseCheckout", "EmulatorPurse", "ErrorCore", "SDKTransport"],
            path: "Tools/PurseTools"
        ),

        // MARK: - The CLI

        .target(
            name: "SDKCLI",
            dependencies: [
                "ErrorCore", "SDKTransport", "SDKCrypto", "Palbe", "PalbeCodegen", "PalbeSample", "ChatbaseSDK",
                "PurseCheckout", "PurseCheckoutApplePay", "PurseCheckoutPayPal", "PurseCheckoutKlarna", "PurseTools",
                "HTTPServer", "Emulator", "PalbeTesting",
            ],
            path: "Apps/SDKCLI"
        ),
        .executableTarget(name: "sdk", dependencies: ["SDKCLI"], path: "Apps/sdk"),

        // MARK: - Tests

        // Test support in layers, so a suite links only what it uses. The helpers that need no server, no
        // emulator and no test framework (the package root, seeded randomness, a manual clock, temporary
        // directories, signals, `sdk` child processes): what the benchmarks use too.
        .target(name: "TestSupportCore", dependencies: ["ErrorCore"], path: "Tests/Support/Core"),
        // With Swift Testing: waiting for a state, what a listener heard, the hang guard, the scripted and
        // loopback HTTP servers the transport and server suites drive, and the one transport double and one
        // secure store double (hence SDKCrypto) for what the emulator cannot do. No emulator, no SQLite.
        .target(
            name: "TestSupport",
            dependencies: [
                "TestSupportCore", "ErrorCore", "SDKTransport", "SDKCrypto", "HTTPServer", "HTTPServerTesting",
            ],
            path: "Tests/Support/Testing"
        ),
        // Running an emulator in a test: the test bed, its HTTP client, `sdk` processes pointed at it. On the
        // platform core only; each suite adds the backend it talks to.
        .target(
            name: "EmulatorTestSupport", dependencies: ["TestSupport", "EmulatorCore", "ErrorCore", "SDKTransport"],
            path: "Tests/Support/Emulator"),
        .testTarget(
            name: "ErrorCoreTests", dependencies: ["ErrorCore", "TestSupport"], path: "Tests/ErrorCoreTests"),
        .testTarget(
            name: "SDKTransportTests",
            dependencies: ["SDKTransport", "ErrorCore", "HTTPServer", "TestSupport"] + curl,
            path: "Tests/SDKTransportTests"
        ),
        .testTarget(
            name: "SDKCryptoTests",
            dependencies: ["SDKCrypto", "ErrorCore", linuxOnly("COpenSSL")],
            path: "Tests/SDKCryptoTests"
        ),
        .testTarget(
            name: "HTTPServerTests",
            dependencies: ["HTTPServer", "ErrorCore", "TestSupport"],
            path: "Tests/HTTPServerTests"
        ),
        .testTarget(
            name: "SDKCLITests",
            dependencies: [
                "SDKCLI", "ErrorCore", "ChatbaseSDK", "PurseCheckout", "SDKTransport", "Emulator", "HTTPServer",
                "EmulatorTestSupport",
            ],
            path: "Tests/SDKCLITests"
        ),
        .testTarget(
            name: "PalbeCodegenTests",
            dependencies: ["PalbeCodegen", "PalbeCodegenTesting", "ErrorCore", "TestSupport"],
            path: "Tests/PalbeCodegenTests"),
        .testTarget(
            name: "EmulatorTests",
            dependencies: [
                "Emulator", "EmulatorCore", "EmulatorPalbase", "EmulatorChatbase", "EmulatorPurse", "ErrorCore",
                "SDKTransport", "SDKCrypto", "HTTPServer", "EmulatorTestSupport",
                "AppAttestTestSupport",
            ],
            path: "Tests/EmulatorTests"
        ),
        .testTarget(
            name: "PalbeTests",
            dependencies: [
                "Palbe", "ErrorCore", "SDKTransport", "SDKCrypto", "EmulatorPalbase", "HTTPServer",
                "EmulatorTestSupport",
                "PalbeTesting",
            ],
            path: "Tests/PalbeTests"
        ),
        .testTarget(
            name: "PalbeSampleTests",
            dependencies: [
                "PalbeSample", "Palbe", "ErrorCore", "SDKTransport", "SDKCrypto", "EmulatorPalbase", "HTTPServer",
                "EmulatorTestSupport",
            ],
            path: "Tests/PalbeSampleTests"
        ),
        // The seed pages' code samples, compiled with `import Palbe` alone, then run on the emulator.
        .testTarget(
            name: "PalbeSeedSamplesTests",
            dependencies: [
                "Palbe", "PalbeSample", "ErrorCore", "SDKTransport", "EmulatorPalbase", "EmulatorTestSupport",
            ],
            path: "Tests/PalbeSeedSamplesTests"
        ),
        .testTarget(
            name: "ChatbaseSDKTests",
            dependencies: [
                "ChatbaseSDK", "ErrorCore", "SDKTransport", "SDKCrypto", "EmulatorChatbase", "HTTPServer",
                "EmulatorTestSupport",
            ],
            path: "Tests/ChatbaseSDKTests"
        ),
        // App code written against the official Chatbase iOS SDK's documented API, importing only
        // ChatbaseSDK and Foundation, run on the emulator with the official tests' expectations.
        .testTarget(
            name: "ChatbaseCompatibilityTests",
            dependencies: ["ChatbaseSDK", "EmulatorChatbase", "EmulatorTestSupport"],
            path: "Tests/ChatbaseCompatibilityTests"),
        .testTarget(
            name: "PurseCheckoutTests",
            dependencies: [
                "PurseCheckout", "PurseCheckoutApplePay", "PurseCheckoutPayPal", "PurseCheckoutKlarna", "PurseTools",
                "ErrorCore", "SDKTransport", "SDKCrypto", "EmulatorPurse", "HTTPServer", "EmulatorTestSupport",
            ],
            path: "Tests/PurseCheckoutTests"
        ),
        // The seed page's code samples, compiled with `import PurseCheckout` (and the partner products for the
        // installation sample) alone, then run on the emulator.
        .testTarget(
            name: "PurseSeedSamplesTests",
            dependencies: [
                "PurseCheckout", "PurseCheckoutApplePay", "PurseCheckoutPayPal", "PurseCheckoutKlarna", "PurseTools",
                "EmulatorPurse", "EmulatorTestSupport",
            ],
            path: "Tests/PurseSeedSamplesTests"
        ),
        .testTarget(
            name: "CrossSDKTests",
            dependencies: ["ErrorCore", "Palbe", "PurseCheckout", "ChatbaseSDK"],
            path: "Tests/CrossSDKTests"
        ),
    ]
)

// The speed and memory benchmarks (`swift run -c release Benchmarks`), measured on Linux against bare
// libcurl. An executable target in no product: an app that depends on the SDKs never builds it, and it
// reaches the `package` API it measures as a member of this package, with no compiler flag.
#if os(Linux)
    if !portable {
        package.targets.append(
            .executableTarget(
                name: "Benchmarks",
                dependencies: [
                    linuxOnly("CCurl"), "ErrorCore", "SDKTransport", "Palbe", "PalbeCodegen", "PalbeCodegenTesting",
                    "ChatbaseSDK", "PurseCheckout", "Emulator", "HTTPServer", "HTTPServerTesting", "TestSupportCore",
                ],
                path: "Tools/Benchmarks",
                exclude: ["README.md"]
            ))
    }
#endif

// Shared settings for every Swift target: Swift 6 mode with strict concurrency comes from the tools
// version; these add the upcoming features we hold ourselves to and make any warning fail the build.
// (Warning-control settings are dropped by SwiftPM when this package is someone else's dependency.)
for target in package.targets where target.type != .system {
    // The seed samples and the official-SDK app code compile as an app target with default settings
    // would: with Swift 6's default member lookup, `import Palbe` alone also reaches Foundation's
    // members (`localizedDescription`).
    let appDefaults = ["PalbeSeedSamplesTests", "PurseSeedSamplesTests", "ChatbaseCompatibilityTests"].contains(
        target.name)
    target.swiftSettings =
        (target.swiftSettings ?? []) + [.enableUpcomingFeature("ExistentialAny")]
        + (appDefaults ? [] : [.enableUpcomingFeature("MemberImportVisibility")]) + [.treatAllWarnings(as: .error)]
}
