import ErrorCore
import Foundation
import TestSupport
import Testing

@testable import Emulator

@Suite struct PurseCardDataTests {
    @Test func noCardNumberOrCVVReachesTheDatabaseFile() async throws {
        try await withTemporaryDirectory { directory async throws in
            let numbers = ["4242424242424242", "4000000000000002", "4000000000000119"]
            let cvv = "919"
            try await withPurse(storage: .directory(directory)) { server, client async throws in
                for number in numbers {
                    let session = try await client.createSession()
                    let response = try await client.tokenize(session, number: number, cvv: cvv)
                    let token = try #require(response.json?["token"]?.stringValue)
                    // A rejected card too: its body must not be kept either.
                    _ = try await client.tokenize(session, number: number, cvv: "1")
                    _ = try await client.validate(session, key: UUID().uuidString, body: client.cardBody(token: token))
                }
                #expect(try server.pursePaymentCount() == numbers.count)
                #expect(try server.requests(to: "/purse/vault").count == numbers.count * 2)
            }
            // Every file SQLite wrote (the database, and the WAL when one is left).
            let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            #expect(files.contains(EmulatorConfiguration.databaseFileName))
            var bytes = Data()
            for file in files { bytes.append(try Data(contentsOf: directory.appendingPathComponent(file))) }
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(text.contains("purse_card_tokens"), "the file holds the Purse tables")
            #expect(text.contains("4242"), "the last four digits are kept")
            for number in numbers {
                #expect(!text.contains(number), "card number \(number) in the database file")
                #expect(!text.contains(number.suffix(12)), "most of \(number) in the database file")
            }
            #expect(!text.contains("\"\(cvv)\""), "a CVV in the database file")
            #expect(!text.contains("cvv"), "a card body in the database file")
        }
    }
}
