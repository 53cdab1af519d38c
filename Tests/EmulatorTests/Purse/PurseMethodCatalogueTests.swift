import Emulator
import EmulatorTestSupport
import ErrorCore
import Foundation
import Testing

@testable import EmulatorCore
@testable import EmulatorPurse

/// The Purse emulator's payment methods come from `Specs/purse/methods.json`: the repository's file holds
/// what purse.md says, an edited catalogue is what `init` lists, and a malformed one is refused.
@Suite struct PurseMethodCatalogueTests {
    static let fileURL = PackageRoot.appending("Specs/purse/methods.json")

    @Test func theRepositoryCatalogueHoldsTheContractsMethods() throws {
        #expect(PurseMethodCatalogue.repositoryURL.standardizedFileURL.path == Self.fileURL.standardizedFileURL.path)
        let methods = PurseMethodCatalogue.repository.methods
        #expect(
            methods.map(\.id) == [
                "creditcard", "paypal-wallet", "klarna-paylater", "applepay-wallet", "illicado-giftcard",
            ])
        #expect(methods.map(\.position) == [1, 2, 3, 4, 5])
        #expect(methods.map(\.requiresPlugin) == [nil, "paypal", "klarna", "applepay", nil])
        #expect(
            methods.map(\.integrationType) == [
                "hosted_fields", "redirection", "redirection", "native", "hosted_fields",
            ])
        #expect(methods.filter(\.isSecondary).map(\.id) == ["illicado-giftcard"])
        let paypal = try #require(PurseMethodCatalogue.repository.named("paypal-wallet"))
        #expect(paypal.minAmount == nil && paypal.maxAmount == 500_000 && !paypal.canBeRegistered)
    }

    @Test func initListsAnEditedCatalogue() async throws {
        var file = try #require(SampleJSON.parse(try Data(contentsOf: Self.fileURL)))
        var methods = try #require(file["methods"]?.arrayValue)
        methods = methods.map { method in
            guard method["id"] == "paypal-wallet", case .object(var members) = method else { return method }
            members["max_amount"] = 1_000
            return .object(members)
        }
        methods.append([
            "id": "sepa-debit", "partner": "purse", "method": "debit", "is_secondary": false, "position": 0,
            "min_amount": 100, "max_amount": nil, "integration_type": "hosted_fields", "requires_plugin": nil,
            "can_be_registered": true,
        ])
        file = ["methods": .array(methods)]
        let catalogue = try PurseMethodCatalogue(data: file.jsonData)
        try await withPurse(methods: catalogue) { _, client async throws in
            let session = try await client.createSession(amount: 4_999)
            let listed = try #require(try await client.initialize(session).json?["methods"]?.arrayValue)
            #expect(listed.first?["id"] == "sepa-debit", "position 0 comes first")
            #expect(listed.first?["disabled"] == .null)
            let paypal = try #require(listed.first { $0["id"] == "paypal-wallet" })
            #expect(paypal["max_amount"] == 1_000)
            #expect(paypal["disabled"]?["code"] == "MAX_AMOUNT_EXCEEDED")
            #expect(paypal["disabled"]?["details"]?["max_amount"] == 1_000)
        }
    }

    @Test(arguments: [
        (#"{"methods":[{"id":"x"}]}"#, "missing partner at methods.Index 0"),
        (
            #"{"methods":[{"id":"x","partner":"p","method":"m","is_secondary":false,"position":1,"min_amount":null,"#
                + #""integration_type":"native","requires_plugin":null,"can_be_registered":false}]}"#,
            "missing maxAmount at methods.Index 0"
        ),
        (
            #"{"methods":[{"id":"x","partner":"p","method":"m","is_secondary":false,"position":1,"min_amount":null,"#
                + #""max_amount":null,"max_amout":5,"integration_type":"native","requires_plugin":null,"#
                + #""can_be_registered":false}]}"#, "unknown key at methods.Index 0.maxAmout"
        ),
        (#"{"methods":[{"id":"x","position":"1"}]}"#, "missing partner at methods.Index 0"),
        (#"{"methods":{}}"#, "wrong type at methods"),
        ("{", "not JSON: line 1, column 2: "),
        (#"{"methods":[],"methods":[]}"#, "not JSON: line 1, column 15: "),
    ])
    func aMalformedCatalogueIsRefused(json: String, reason: String) {
        let error = #expect(throws: PurseMethodCatalogue.LoadingError.self) {
            try PurseMethodCatalogue(data: Data(json.utf8))
        }
        #expect(error?.description.hasPrefix(reason) == true, "\(String(describing: error))")
    }

    @Test func idsAndPositionsAreUnique() throws {
        let methods = try #require(SampleJSON.parse(try Data(contentsOf: Self.fileURL))?["methods"]?.arrayValue)
        let twice: AnyCodableValue = ["methods": .array(methods + [methods[0]])]
        let error = #expect(throws: PurseMethodCatalogue.LoadingError.self) {
            try PurseMethodCatalogue(data: twice.jsonData)
        }
        #expect(error?.description == "repeated id")
    }
}
