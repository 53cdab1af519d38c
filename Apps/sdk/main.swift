import SDKCLI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

exit(await SDKCLI.main(Array(CommandLine.arguments.dropFirst())))
