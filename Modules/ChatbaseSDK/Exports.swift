// `import ChatbaseSDK` is all an app writes: the shared vocabulary (`SDKError`, `AnyCodableValue`,
// `Nullable`, the logging seam) comes with it.
@_exported import ErrorCore
