// What a suite that runs an emulator needs: the pure helpers and servers of `TestSupport` come with it.
@_exported import TestSupport
