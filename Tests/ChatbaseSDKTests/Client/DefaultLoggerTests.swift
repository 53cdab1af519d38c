import ErrorCore
import Testing

@testable import ChatbaseSDK

@Suite struct DefaultLoggerTests {
    #if !canImport(os)
        @Test(arguments: ["1", "true", "YES"])
        func debugSwitchSendsRecordsToStandardError(_ value: String) {
            #expect(ChatbaseClient.defaultLogger(environment: ["CHATBASE_DEBUG": value]) is StderrLogger)
        }

        @Test(arguments: [[:], ["CHATBASE_DEBUG": "0"], ["CHATBASE_DEBUG": ""], ["PALBASE_DEBUG": "1"]])
        func linuxIsQuietWithoutTheSwitch(_ environment: [String: String]) {
            #expect(ChatbaseClient.defaultLogger(environment: environment) is NoLogger)
        }
    #endif
}
