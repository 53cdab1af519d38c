// The emulator library: built by issue 3.
