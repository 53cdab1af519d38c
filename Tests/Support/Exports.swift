/// Every suite that drives a server through ``ServerTestClient`` reads its ``LoopbackResponse``s.
@_exported import HTTPServerTesting
