import ErrorCore
import Foundation

/// Asks the SDK's own snake_case coders how they map JSON keys, so generated property names
/// are exactly the ones those coders read and write.
///
/// Generated structs carry no snake_case `CodingKeys`: ``SDKCoders`` convert `created_at` ↔
/// `createdAt` at run time. A wire key round-trips when it survives that conversion both ways
/// (`per_page` → `perPage` → `per_page`). A snake_case key that does not (a digit word:
/// `per_1_minute` decodes as `per1Minute`, which encodes as `per1_minute`; a doubled `_`) still
/// works: the decoder's name is the property's, and the type encodes under the wire key itself,
/// which the encoder leaves alone because it has no capitals (see `Property.encodingKey`).
/// `perPage` on the wire works neither way (it would be sent as `per_page`), and the generator
/// reports it in an input rather than emit a field that silently never arrives. Rather than
/// re-implement Foundation's conversion, the translator runs every distinct key through the real
/// coders in one batch each way.
struct WireKeys {
    /// The key a decoder with `.convertFromSnakeCase` compares against (`created_at` →
    /// `createdAt`), by wire key. Keys are exact (``ExactString``): an NFD spelling is not its NFC twin.
    private var decodedNames: [ExactString: String] = [:]
    /// The key an encoder with `.convertToSnakeCase` writes for each decoded name.
    private var encodedNames: [ExactString: String] = [:]

    /// Translates every key in `wireKeys` (duplicates allowed).
    init(wireKeys: some Sequence<String>) {
        let unique = Set(wireKeys.map(ExactString.init)).sorted().map(\.string)
        guard !unique.isEmpty else { return }
        let decoded = Self.decode(unique)
        for (key, name) in zip(unique, decoded) { decodedNames[ExactString(key)] = name }
        // The wire keys too: whether the encoder leaves a wire key as it is (it does for every key
        // without capitals) decides whether a type can encode under it directly.
        let names = Set((decoded + unique).map(ExactString.init)).sorted().map(\.string)
        let encoded = Self.encode(names)
        for (name, key) in zip(names, encoded) { encodedNames[ExactString(name)] = key }
    }

    /// The Swift-side key for `wireKey` and whether it travels back unchanged.
    func translation(of wireKey: String) -> (name: String, roundTrips: Bool) {
        let name = decodedNames[ExactString(wireKey)] ?? wireKey
        return (name, encodedNames[ExactString(name)].map { ExactString($0) == ExactString(wireKey) } ?? false)
    }

    /// The key the snake_case encoder writes for the Swift-side key `name`.
    func encodedName(of name: String) -> String? {
        encodedNames[ExactString(name)]
    }

    /// The names the snake_case decoder produces for `keys`, in order. Each key sits in its
    /// own one-member object so two keys that convert alike cannot collide in one container.
    private static func decode(_ keys: [String]) -> [String] {
        var text = "["
        for (offset, key) in keys.enumerated() {
            if offset > 0 { text += "," }
            text += "{"
            AnyCodableValue.writeQuoted(key, to: &text)
            text += ":0}"
        }
        text += "]"
        let probes = try? SDKCoders.snakeCaseDecoder().decode([DecodeProbe].self, from: Data(text.utf8))
        return zip(keys, probes ?? []).map { key, probe in probe.key ?? key }
    }

    /// The keys the snake_case encoder writes for `names`, in order.
    private static func encode(_ names: [String]) -> [String] {
        let probes = names.map(EncodeProbe.init)
        guard let data = try? SDKCoders.snakeCaseEncoder().encode(probes),
            let value = try? JSONParser.parse(Array(data)), let objects = value.arrayValue,
            objects.count == names.count
        else { return names }
        return zip(names, objects).map { name, object in object.objectValue?.keys.first ?? name }
    }
}

/// A coding key that accepts any string.
private struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// Reads back the one (converted) key of an object.
private struct DecodeProbe: Decodable {
    let key: String?
    init(from decoder: any Decoder) throws {
        key = try decoder.container(keyedBy: AnyKey.self).allKeys.first?.stringValue
    }
}

/// Writes one key, which the encoder converts.
private struct EncodeProbe: Encodable {
    let name: String
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyKey.self)
        try container.encode(0, forKey: AnyKey(stringValue: name))
    }
}
