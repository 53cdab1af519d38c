extension Redactor {
    /// Words that mark a secret wherever they appear in a name, even inside a longer word or across
    /// word boundaries: `accessToken`, `webhooksecret`, `X-Api-Key` (`apikey`), `private_key`,
    /// `Proxy-Authorization`. Long and specific enough that a name containing one is a secret
    /// (`tokenizer`, `secretary` are masked too: a false alarm costs a debug line, a miss leaks).
    public static let sensitiveStems: [String] = [
        "token", "secret", "password", "passwd", "passphrase", "apikey", "privatekey", "credential",
        "signature", "cookie", "session", "authoriz", "authentic",
    ]

    /// Short words that mark a secret only as a whole word of a name (optionally plural): `pin`,
    /// `pin_code`, `newPin`, `cvv2`, `card_number`, `X-Auth-Token`, but not `shipping`, `spinner`,
    /// `pinned`, `author`, `discard`, `cardinality` or `footprint`, which merely contain the letters.
    public static let sensitiveWords: Set<String> = [
        "auth", "oauth", "otpauth", "otp", "totp", "hotp", "pin", "cvc", "cvv", "card", "pwd", "jwt",
    ]

    /// Whether a header, field or parameter named `name` holds a secret, by the one rule every trace
    /// and log uses for header names and body field names alike (the vectors in
    /// `Specs/vectors/redaction.json` pin it both ways):
    ///
    /// - The name is split into words at every character that is not a letter or digit (`_`, `-`,
    ///   `.`, `[`, spaces), at camelCase humps (`pinCode`, `XCSRFToken` → `XCSRF` `Token`) and between
    ///   letters and digits (`cvv2`), and compared case-insensitively.
    /// - It is secret when its words, joined, contain one of ``sensitiveStems``, or when one of its
    ///   words is one of ``sensitiveWords`` (or that word plus `s`), or when it is one of this
    ///   redactor's ``sensitiveNames`` (compared without case, `_`, `-` and `.`).
    ///
    /// A `card` masks its whole value, so a card's `number`, `cvc` and expiry are masked with it.
    public func isSensitiveName(_ name: String) -> Bool {
        let verdict = Self.ruleVerdict(for: name)
        return verdict.matchesRule || sensitiveNames.contains(verdict.joined)
    }

    /// What the word rule says of one name, independent of any redactor's extra names.
    struct NameVerdict: Sendable {
        /// The name's words, lowercased and joined (the form ``sensitiveNames`` are kept in).
        let joined: String
        /// Whether ``sensitiveStems`` or ``sensitiveWords`` call it secret.
        let matchesRule: Bool
    }

    /// Verdicts already worked out, by name. Every traced exchange asks about the same few header and
    /// field names again, and splitting a name into words costs far more than a lookup (the emulator's
    /// request log spent a third of its time there). Bounded: past ``maxRememberedNames`` it starts
    /// over, and names longer than ``maxRememberedNameBytes`` are never kept, so hostile names cannot
    /// grow it.
    private static let verdicts = Locked<[String: NameVerdict]>([:])
    static let maxRememberedNames = 4096
    static let maxRememberedNameBytes = 64

    /// The word rule's verdict on `name`, remembered for the next time.
    static func ruleVerdict(for name: String) -> NameVerdict {
        let remembers = name.utf8.count <= maxRememberedNameBytes
        if remembers, let known = verdicts.withLock({ $0[name] }) { return known }
        let words = words(of: name)
        let joined = words.joined()
        let matchesRule =
            sensitiveStems.contains(where: { joined.contains($0) })
            || words.contains { word in
                sensitiveWords.contains(word)
                    || (word.hasSuffix("s") && sensitiveWords.contains(String(word.dropLast())))
            }
        let verdict = NameVerdict(joined: joined, matchesRule: matchesRule)
        if remembers {
            verdicts.withLock { verdicts in
                if verdicts.count >= maxRememberedNames { verdicts.removeAll(keepingCapacity: true) }
                verdicts[name] = verdict
            }
        }
        return verdict
    }

    /// `name` lowercased and split into words, as ``isSensitiveName(_:)`` describes.
    static func words(of name: String) -> [String] {
        var words: [String] = []
        var current: [Unicode.Scalar] = []
        let scalars = Array(name.unicodeScalars)
        func flush() {
            guard !current.isEmpty else { return }
            words.append(String(String.UnicodeScalarView(current)).lowercased())
            current.removeAll(keepingCapacity: true)
        }
        for (index, scalar) in scalars.enumerated() {
            let properties = scalar.properties
            guard properties.isAlphabetic || properties.numericType != nil else {
                flush()
                continue
            }
            if let previous = current.last {
                let isUpper = properties.isUppercase
                let previousIsUpper = previous.properties.isUppercase
                let isDigit = properties.numericType != nil
                let previousIsDigit = previous.properties.numericType != nil
                let nextIsLower = index + 1 < scalars.count && scalars[index + 1].properties.isLowercase
                if isDigit != previousIsDigit
                    || (isUpper && !previousIsUpper)
                    || (isUpper && previousIsUpper && nextIsLower)
                {
                    flush()
                }
            }
            current.append(scalar)
        }
        flush()
        return words
    }

    /// An extra name in the form ``sensitiveNames`` keeps: lowercased, without `_`, `-`, `.` and other
    /// separators.
    static func normalizedName(_ name: String) -> String {
        words(of: name).joined()
    }
}
