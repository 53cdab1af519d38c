// `import PurseCheckout` is all an app writes: the shared vocabulary (`SDKError`, `AnyCodableValue`,
// `Nullable`) comes with it.
@_exported import ErrorCore
