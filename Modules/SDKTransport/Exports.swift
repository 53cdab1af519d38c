// `HTTPHeaders` lives in ErrorCore (the server in Tools/HTTPServer uses it too); re-exported so that
// `import SDKTransport` alone still names every type of the transport's API.
@_exported import ErrorCore
