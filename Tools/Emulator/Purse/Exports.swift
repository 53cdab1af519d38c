// The platform every backend runs on: a suite importing this backend reaches the server, its admin API and
// its storage too.
@_exported import EmulatorCore
