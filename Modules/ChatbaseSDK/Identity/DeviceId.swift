/// This install's device identifier, as the official SDK exposes it.
///
/// A UUID string created on first use and kept: in `UserDefaults.standard` under
/// `com.chatbase.sdk.deviceId` on Apple platforms (the official SDK's key, so switching SDKs keeps the
/// device and its anonymous conversations), in the SDK's data directory on Linux. It is the value
/// every ``ChatbaseClient`` made with the public initializers sends as `X-Device-Id` and shows as
/// ``ChatbaseClient/deviceId``.
public enum DeviceId {
    /// The device identifier; the same on every call, from any thread.
    public static func get() -> String {
        DeviceIdStore.deviceId(for: .standard, log: ChatbaseLog(logger: ChatbaseClient.defaultLogger))
    }
}
