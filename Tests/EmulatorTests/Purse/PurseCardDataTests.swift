import Emulator
import EmulatorTestSupport
import ErrorCore
import Foundation
import Testing

@testable import EmulatorCore
@testable import EmulatorPurse

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

    /// Every spelling of the vault's path that the router accepts is the vault's for every policy: the
    /// request log keeps no body (and masks a card number wherever it sees one), so the database file
    /// never holds the number. Before the canonical route, `//vault` and `%76ault` were tokenized and
    /// their bodies logged with the full number.
    @Test func noSpellingOfTheVaultPathLogsTheCardNumber() async throws {
        try await withTemporaryDirectory { directory async throws in
            let spellings = [
                "/purse//vault/v1/cards", "/purse/%76ault/v1/cards", "/purse/vault/v1/cards/", "/purse/vault//v1/cards",
                "/purse/%76%61%75%6C%74/v1/%63ards",
            ]
            let number = "4000000000000077"
            try await withPurse(storage: .directory(directory)) { server, client async throws in
                for path in spellings {
                    let session = try await client.createSession()
                    let response = try await client.tokenize(session, number: number, path: path)
                    #expect(response.status == 201, "\(path) is the vault")
                }
                // Logged under the one canonical path.
                #expect(try server.requests(to: "/purse/vault/v1/cards").count == spellings.count)
            }
            let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            var bytes = Data()
            for file in files { bytes.append(try Data(contentsOf: directory.appendingPathComponent(file))) }
            let text = String(decoding: bytes, as: UTF8.self)
            let leaked = text.contains(number) || text.contains(number.suffix(12))
            #expect(!leaked, "a card number in the database file")
        }
    }
}
