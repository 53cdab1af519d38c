// DeviceCheck, as far as the SDKs use it: App Attest's shared service.
//
// Declared as Apple documents them: names, labels, optionality, availability and sendability.
// - https://developer.apple.com/documentation/devicecheck/dcappattestservice: `class DCAppAttestService`
//   (iOS 14, macOS 11, Mac Catalyst 14, tvOS 15, watchOS 9, visionOS 1; an `NSObject` subclass, not
//   `Sendable`)
// - …/dcappattestservice/shared: `class var shared: DCAppAttestService { get }`
// - …/dcappattestservice/issupported: `var isSupported: Bool { get }` (false on a Mac, including Mac
//   Catalyst and iOS apps on Apple silicon, and in the Simulator)
// - …/dcappattestservice/generatekey(completionhandler:): `func generateKey(completionHandler: @escaping
//   @Sendable (String?, (any Error)?) -> Void)`; its concurrency note gives the async form `func
//   generateKey() async throws -> String`
// - …/dcappattestservice/attestkey(_:clientdatahash:completionhandler:): `func attestKey(_ keyId: String,
//   clientDataHash: Data, completionHandler: @escaping @Sendable (Data?, (any Error)?) -> Void)`; async form
//   `func attestKey(_ keyId: String, clientDataHash: Data) async throws -> Data`
// - …/dcappattestservice/generateassertion(_:clientdatahash:completionhandler:): `func generateAssertion(_
//   keyId: String, clientDataHash: Data, completionHandler: @escaping @Sendable (Data?, (any Error)?) ->
//   Void)`; async form `func generateAssertion(_ keyId: String, clientDataHash: Data) async throws -> Data`
//
// The async forms are the Swift import of the same Objective-C methods; both are declared, as Swift shows
// both. DeviceCheck's headers import Foundation, which the module re-exports. Bodies are placeholders: the
// gate type-checks against this module and never runs it.

@_exported import Foundation

/// A service that you use to validate the instance of your app running on a device.
@available(iOS 14.0, macOS 11.0, macCatalyst 14.0, tvOS 15.0, watchOS 9.0, visionOS 1.0, *)
open class DCAppAttestService: NSObject {
    /// The shared App Attest service that you use to validate your app.
    open class var shared: DCAppAttestService { DCAppAttestService() }

    /// A Boolean value that indicates whether a particular device provides the App Attest service.
    open var isSupported: Bool { false }

    /// Creates a new cryptographic key for use with the App Attest service.
    open func generateKey(completionHandler: @escaping @Sendable (String?, (any Error)?) -> Void) {
        completionHandler(nil, nil)
    }

    /// Creates a new cryptographic key for use with the App Attest service.
    open func generateKey() async throws -> String { "" }

    /// Asks Apple to attest to the validity of a generated cryptographic key.
    open func attestKey(
        _ keyId: String, clientDataHash: Data, completionHandler: @escaping @Sendable (Data?, (any Error)?) -> Void
    ) {
        completionHandler(nil, nil)
    }

    /// Asks Apple to attest to the validity of a generated cryptographic key.
    open func attestKey(_ keyId: String, clientDataHash: Data) async throws -> Data { Data() }

    /// Creates a block of data that demonstrates the legitimacy of an instance of your app running on a
    /// device.
    open func generateAssertion(
        _ keyId: String, clientDataHash: Data, completionHandler: @escaping @Sendable (Data?, (any Error)?) -> Void
    ) {
        completionHandler(nil, nil)
    }

    /// Creates a block of data that demonstrates the legitimacy of an instance of your app running on a
    /// device.
    open func generateAssertion(_ keyId: String, clientDataHash: Data) async throws -> Data { Data() }
}
