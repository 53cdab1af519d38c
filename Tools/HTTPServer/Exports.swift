// `HTTPHeaders` lives in ErrorCore (the transports use it too); re-exported so that `import HTTPServer`
// alone still names every type of the server's API.
@_exported import ErrorCore
