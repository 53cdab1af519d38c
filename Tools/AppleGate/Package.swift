// swift-tools-version: 6.2
import PackageDescription

// The Apple-API gate: compiles the SDK modules' own sources (`Sources/<Module>` are links to
// `Modules/<Module>`) against stub modules that declare Apple's frameworks as Apple documents them,
// so every `#if canImport(Security)`, `canImport(AuthenticationServices)`… branch type-checks on Linux.
// It never ships: no product of the root package depends on it, and nothing here is a product.
//
// `APPLE_GATE_PLATFORM=ios` (the default) puts UIKit on the import path, `macos` puts AppKit, so the
// `#if canImport(UIKit) … #elseif canImport(AppKit)` branches are each compiled once. Use separate
// scratch paths for the two: `canImport` sees every module a scratch directory has ever built.
// `APPLE_GATE_FIXTURE=<name>` adds one of `Fixtures/`, code that must fail the gate (CI checks it does).
//
// Run it through `Tools/scripts/apple-gate`, which builds both platforms and names the real files.
let platform = Context.environment["APPLE_GATE_PLATFORM"] ?? "ios"
let fixture = Context.environment["APPLE_GATE_FIXTURE"]
let ui = platform == "macos" ? "AppKit" : "UIKit"

/// A stub of an Apple framework, in `Stubs/<name>`.
func stub(_ name: String, _ dependencies: [Target.Dependency] = []) -> Target {
    .target(name: name, dependencies: dependencies, path: "Stubs/\(name)")
}

let allStubs: [Target] = [
    stub("Darwin"),
    stub("os"),
    stub("CommonCrypto"),
    stub("Security"),
    stub("LocalAuthentication"),
    // The Secure Enclave's keys take a `SecAccessControl` and an `LAContext`.
    stub("CryptoKit", [.target(name: "Security"), .target(name: "LocalAuthentication")]),
    stub("DeviceCheck"),
    stub(ui),
    stub("AuthenticationServices", [.target(name: ui)]),
    stub("PassKit", [.target(name: ui)]),
]
// `APPLE_GATE_STUBS=CryptoKit,Security` keeps only those stubs: for working on one stub at a time.
let only = Context.environment["APPLE_GATE_STUBS"].map { Set($0.split(separator: ",").map(String.init)) }
let stubs = allStubs.filter { only?.contains($0.name) ?? true }
// Every SDK target depends on every stub, so each stub is built before any SDK file asks `canImport`.
let apple: [Target.Dependency] = stubs.map { .target(name: $0.name) }

/// An SDK module, compiled from its own sources in `Modules/` (through the link in `Sources/`).
func sdk(_ name: String, _ dependencies: [String]) -> Target {
    .target(name: name, dependencies: dependencies.map { .target(name: $0) } + apple, path: "Sources/\(name)")
}

var targets: [Target] =
    stubs + [
        sdk("ErrorCore", []),
        sdk("SDKTransport", ["ErrorCore"]),
        sdk("SDKCrypto", []),
        sdk("Palbe", ["ErrorCore", "SDKTransport", "SDKCrypto"]),
        sdk("PurseCheckout", ["ErrorCore", "SDKTransport", "SDKCrypto"]),
        sdk("PurseCheckoutApplePay", ["PurseCheckout"]),
        sdk("PurseCheckoutPayPal", ["PurseCheckout"]),
        sdk("PurseCheckoutKlarna", ["PurseCheckout"]),
        sdk("ChatbaseSDK", ["ErrorCore", "SDKTransport", "SDKCrypto"]),
        // Reads the toolchain's symbol graphs and fails on a use of an API newer than iOS 17 / macOS 14.
        .executableTarget(name: "availability-gate", path: "AvailabilityGate"),
    ]
// The secure-store semantics suite of Tests/SDKCryptoTests (its files linked, not copied) run against
// `KeychainSecureStore` on the Security stub's in-memory keychain, and the stub's own rules. Run it in a scratch
// directory that has never built the Darwin stub: SwiftPM's generated test runner reads `canImport(Darwin)` as
// "Apple's XCTest" and does not compile against swift-corelibs-xctest then.
targets.append(
    .testTarget(
        name: "KeychainSecureStoreTests",
        dependencies: [.target(name: "SDKCrypto"), .target(name: "ErrorCore")] + apple,
        path: "Tests/KeychainSecureStoreTests"))
if let fixture {
    targets.append(sdk("Fixture", ["ErrorCore"]).withPath("Fixtures/\(fixture)"))
}

let package = Package(
    name: "apple-gate",
    // What the root package supports: the stubs declare the API of these SDKs.
    platforms: [.macOS(.v14), .iOS(.v17)],
    targets: targets
)

extension Target {
    fileprivate func withPath(_ path: String) -> Target {
        self.path = path
        return self
    }
}

// The root package's settings: Swift 6 mode, the same upcoming features, every warning an error.
for target in package.targets {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility"),
            .treatAllWarnings(as: .error),
        ]
}
