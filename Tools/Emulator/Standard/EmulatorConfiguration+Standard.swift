import EmulatorChatbase
import EmulatorCore
import EmulatorPalbase
import EmulatorPurse
import Foundation

extension EmulatorConfiguration {
    /// The Palbase route handlers `sdk emulator start` and `sdk demo` mount, in dispatch order; fresh
    /// instances on every read, so emulators in one process share no handler state.
    ///
    /// One line per handler: the Palbase sample backend, the auth service.
    package static var standardPalbaseHandlers: [any PalbaseRouteHandler] {
        [SampleBackend(), AuthService()]
    }

    /// The services `sdk emulator start` mounts under their prefixes (Chatbase, Purse); fresh instances on every
    /// read.
    package static var standardServices: [(prefix: String, service: any EmulatorMountable)] {
        [("/api/sdk", ChatbaseEmulator()), ("/purse", PurseEmulator())]
    }

    /// What `sdk emulator start` runs: every standard handler and service, on `port`, storing in `storage`.
    package static func standard(port: Int = defaultPort, storage: Storage) -> EmulatorConfiguration {
        var configuration = EmulatorConfiguration(port: port, storage: storage)
        configuration.palbaseHandlers = standardPalbaseHandlers
        for (prefix, service) in standardServices { configuration.mount(service, at: prefix) }
        return configuration
    }
}
