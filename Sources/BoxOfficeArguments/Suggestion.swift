/// "Did you mean …?" for mistyped commands and options.
package enum Suggestion {
    /// ". Did you mean 'x'?" with the candidate nearest to `text`, or nothing when none is near:
    /// the end of a message about a mistyped name or value.
    package static func hint(_ text: String, among candidates: [String]) -> String {
        mentioning(closest(to: text, among: candidates))
    }

    /// ". Did you mean 'x'?" for a suggestion found, or nothing.
    package static func mentioning(_ suggestion: String?) -> String {
        suggestion.map { ". Did you mean '\($0)'?" } ?? ""
    }

    /// `'a'`, `'a' or 'b'`, `'a', 'b' or 'c'`: names a message offers together.
    package static func either(_ items: [String]) -> String {
        guard let last = items.last else { return "" }
        return items.count == 1 ? last : items.dropLast().joined(separator: ", ") + " or " + last
    }

    /// The candidate nearest to `text` by edit distance, when it is near enough to be a likely typo.
    package static func closest(to text: String, among candidates: [String]) -> String? {
        let scored = candidates.map { ($0, distance(Array(text.lowercased()), Array($0.lowercased()))) }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        // A start of a name is a likely typo too; the nearest such name wins (`--dat` → `--date`, not `--data-dir`).
        let prefixMatch = scored.filter { $0.0.hasPrefix(text) && text.count >= 3 }.min { $0.1 < $1.1 }?.0
        return prefixMatch ?? (best.1 <= max(1, best.0.count / 3) ? best.0 : nil)
    }

    /// Edit distance where swapping two neighbouring letters counts as one edit (optimal string alignment).
    private static func distance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
