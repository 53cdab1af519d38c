// Placeholder: the HTTP server is built in its own branch.
