import EmulatorCore
import Foundation

/// Who is calling: the device, and the user when a valid `X-User-Token` came along.
struct ChatbaseCaller: Sendable {
    let agent: ChatbaseAgent
    let deviceID: String
    let userID: String?
}
