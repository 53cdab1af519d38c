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
            // Booleans and short names only: a failure must not print the database.
            let text = String(decoding: bytes, as: UTF8.self)
            let holdsTables = text.contains("purse_card_tokens")
            let holdsLastFour = text.contains("4242")
            #expect(holdsTables, "the file holds the Purse tables")
            #expect(holdsLastFour, "the last four digits are kept")
            let leakedNumbers = numbers.filter { text.contains($0) || text.contains($0.suffix(12)) }
            #expect(leakedNumbers.isEmpty, "card numbers in the database file")
            let cvvLeaked = text.contains("\"\(cvv)\"") || text.contains("cvv")
            #expect(!cvvLeaked, "a CVV or a card body in the database file")
        }
    }
}
