import EmulatorTestSupport
import Foundation
import Testing

@testable import SDKCLI

/// The saved Purse session holds the session secret: `sdk purse session create` must not write it
/// through a link planted at its name (it chmodded the link's target and overwrote it), and a saved
/// session others could have written is not used.
@Suite struct PurseSavedSessionTests {
    static let session = PurseCLIConfiguration.SavedSession(
        id: "cs_1", widgetData: "d2lkZ2V0", amount: 4_999, currency: "EUR", expiresAt: "2030-01-01T00:00:00Z",
        apiRoot: "http://127.0.0.1:1/purse")

    @Test func aLinkAtTheSessionFileIsReplacedNotFollowed() throws {
        try withTemporaryDirectory { root in
            let directory = root.appendingPathComponent("purse")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let victim = root.appendingPathComponent("victim")
            try Data("keep me".utf8).write(to: victim)
            let file = directory.appendingPathComponent(PurseCLIConfiguration.sessionFileName)
            try FileManager.default.createSymbolicLink(at: file, withDestinationURL: victim)
            let environment = [PurseCLIConfiguration.dataDirectoryKey: directory.path]

            try PurseCLIConfiguration.save(Self.session, environment: environment)

            #expect(try Data(contentsOf: victim) == Data("keep me".utf8))
            let victimMode = try FileManager.default.attributesOfItem(atPath: victim.path)[.posixPermissions] as? Int
            #expect(victimMode != 0o600, "the link's target was not chmodded")
            #expect(PurseCLIConfiguration.saved(environment: environment)?.id == "cs_1")
        }
    }

    @Test func aSessionFileOthersCouldHaveWrittenIsNotUsed() throws {
        try withTemporaryDirectory { root in
            let environment = [PurseCLIConfiguration.dataDirectoryKey: root.path]
            try PurseCLIConfiguration.save(Self.session, environment: environment)
            let file = root.appendingPathComponent(PurseCLIConfiguration.sessionFileName)
            #expect(chmod(file.path, 0o666) == 0)
            #expect(PurseCLIConfiguration.saved(environment: environment) == nil)
        }
    }
}
