/// Picks the valid name nearest to a mistyped one, for "did you mean …?" hints.
///
/// Distance is optimal-string-alignment Damerau–Levenshtein (insert, delete, substitute, swap two
/// neighbours), case-insensitive. A name is suggested only when it is within a third of the
/// typed word's length, at least 1 and at most 2 edits, so short words never get wild guesses.
enum NameSuggester {
    /// The nearest of `candidates` to `typed`, first in table order on a tie; `nil` when none is
    /// close enough.
    static func suggestion(for typed: String, among candidates: [String]) -> String? {
        let typedCharacters = Array(typed.lowercased())
        let limit = max(1, min(2, typedCharacters.count / 3))
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let candidateCharacters = Array(candidate.lowercased())
            // Cheap reject first: the length gap alone is a lower bound on the distance.
            guard abs(candidateCharacters.count - typedCharacters.count) <= limit else { continue }
            let distance = distance(typedCharacters, candidateCharacters)
            if distance <= limit, distance < (best?.distance ?? .max) {
                best = (candidate, distance)
            }
        }
        return best?.name
    }

    /// The optimal-string-alignment distance between `a` and `b`.
    static func distance(_ a: String, _ b: String) -> Int {
        distance(Array(a), Array(b))
    }

    private static func distance(_ s: [Character], _ t: [Character]) -> Int {
        if s.isEmpty { return t.count }
        if t.isEmpty { return s.count }
        let width = t.count + 1
        // Row-major (s.count + 1) × (t.count + 1) table; d[i][j] is the distance between the
        // first i characters of s and the first j of t.
        var d = [Int](repeating: 0, count: (s.count + 1) * width)
        for i in 0...s.count { d[i * width] = i }
        for j in 0...t.count { d[j] = j }
        for i in 1...s.count {
            for j in 1...t.count {
                let cost = s[i - 1] == t[j - 1] ? 0 : 1
                var value = min(d[(i - 1) * width + j] + 1, d[i * width + j - 1] + 1, d[(i - 1) * width + j - 1] + cost)
                if i > 1, j > 1, s[i - 1] == t[j - 2], s[i - 2] == t[j - 1] {
                    value = min(value, d[(i - 2) * width + j - 2] + 1)
                }
                d[i * width + j] = value
            }
        }
        return d[s.count * width + t.count]
    }
}
