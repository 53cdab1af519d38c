// The whole emulator, as `sdk emulator start` runs it: the platform and the three backends.
@_exported import EmulatorChatbase
@_exported import EmulatorCore
@_exported import EmulatorPalbase
@_exported import EmulatorPurse
