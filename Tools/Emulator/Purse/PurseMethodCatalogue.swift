import EmulatorCore
import ErrorCore
import Foundation

/// The payment methods the Purse emulator offers: by default `Specs/purse/methods.json`, the contract's method
/// list as data, so adding a method or changing a limit is an edit there.
///
/// `init` (C1) lists them in `position` order with their disabled states; `validate`, `items/init` and the
/// admin API find them by id.
package struct PurseMethodCatalogue: Sendable, Equatable {
    /// Every method, in `position` order.
    package let methods: [PurseMethod]

    /// Why a catalogue cannot be read: where (a file, a member) and why.
    package struct LoadingError: Error, CustomStringConvertible {
        /// What went wrong, naming the file when there is one.
        package let description: String
    }

    /// Reads `{"methods": [{id, partner, method, is_secondary, position, min_amount, max_amount,
    /// integration_type, requires_plugin, can_be_registered}, …]}` (a repeated key is an error); every key of a
    /// method is required (`null` for no limit or plugin), no other is allowed, and ids and positions are unique.
    package init(data: Data) throws(LoadingError) {
        struct File: Decodable { let methods: [PurseMethod] }
        let methods: [PurseMethod]
        do {
            let document = try ExactJSONParser.parse(Array(data), duplicateKeys: .reject)
            methods = try ExactJSONDecoder(keyDecoding: .convertFromSnakeCase).decode(File.self, from: document).methods
        } catch let error as ExactJSONParser.SyntaxError {
            throw LoadingError(description: "not JSON: line \(error.line), column \(error.column): \(error.reason)")
        } catch let error as DecodingError {
            throw LoadingError(description: Self.describe(error))
        } catch {
            throw LoadingError(description: "\(error)")
        }
        guard Set(methods.map(\.id)).count == methods.count else { throw LoadingError(description: "repeated id") }
        guard Set(methods.map(\.position)).count == methods.count else {
            throw LoadingError(description: "repeated position")
        }
        self.methods = methods.sorted { $0.position < $1.position }
    }

    /// Reads the catalogue at `url`; errors name the file.
    package init(contentsOf url: URL) throws {
        do {
            try self.init(data: try Data(contentsOf: url))
        } catch let error as LoadingError {
            throw LoadingError(description: "\(url.path): \(error.description)")
        }
    }

    /// `Specs/purse/methods.json` of this checkout (see ``SpecsDirectory``).
    package static var repositoryURL: URL { SpecsDirectory.file("purse/methods.json") }

    /// The repository's catalogue, read once: what a ``PurseEmulator`` offers unless given another. The file
    /// is part of the checkout and a test keeps it loadable, so failing to read it is a broken checkout.
    package static let repository: PurseMethodCatalogue = {
        do {
            return try PurseMethodCatalogue(contentsOf: repositoryURL)
        } catch {
            preconditionFailure("The Purse emulator cannot load its method catalogue: \(error)")
        }
    }()

    /// The method `id`, or nil.
    func named(_ id: String) -> PurseMethod? {
        methods.first { $0.id == id }
    }

    private static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            context.codingPath.map(\.stringValue).joined(separator: ".")
        }
        return switch error {
        case .keyNotFound(let key, let context): "missing \(key.stringValue) at \(path(context))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            "wrong type at \(path(context))"
        case .dataCorrupted(let context): "\(context.debugDescription) at \(path(context))"
        @unknown default: "\(error)"
        }
    }
}
