/// "Did you mean …?" for mistyped commands and options.
enum Suggestion {
    /// The candidate nearest to `text` by edit distance, when it is near enough to be a likely typo.
    static func closest(to text: String, among candidates: [String]) -> String? {
        let scored = candidates.map { ($0, distance(Array(text.lowercased()), Array($0.lowercased()))) }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        let prefixMatch = candidates.first { $0.hasPrefix(text) && text.count >= 3 }
        return prefixMatch ?? (best.1 <= max(1, best.0.count / 3) ? best.0 : nil)
    }

    /// Levenshtein distance.
    private static func distance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
