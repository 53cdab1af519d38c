/// Every suite that drives a server through ``ServerTestClient`` reads its ``LoopbackResponse``s.
@_exported import HTTPServerTesting
/// The pure helpers (``PackageRoot``, ``SDKProcess``, ``TestSignal``…) come with every `import TestSupport`.
@_exported import TestSupportCore
