// `import Palbe` is all an app writes: the shared vocabulary (`Nullable`, `AnyCodableValue`,
// `SDKError`, the coders) and the transport seam that `Palbe.init(configuration:transport:)` takes
// come with it.
@_exported import ErrorCore
@_exported import SDKTransport
