import SDKCLI

await SDKCLI.runFromCommandLine()
