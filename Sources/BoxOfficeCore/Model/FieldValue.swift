/// Reads KOBIS's string-typed values into real types.
///
/// KOBIS writes "unknown" as `""` or `" "`, so blank values become nil; anything else that does
/// not parse is an error that names the field, rather than a zero that would be a wrong number.
struct FieldValue {
    let raw: String?
    /// Where the value sits (`dailyBoxOfficeList[3]`), and its key: the field's name is made of
    /// them only when an error needs it, not for every value read.
    private let place: String
    private let name: String

    init(_ raw: String?, _ field: String) {
        self.init(raw, place: "", name: field)
    }

    init(_ raw: String?, place: String, name: String) {
        self.raw = raw
        self.place = place
        self.name = name
    }

    /// The field's name in errors: `dailyBoxOfficeList[3].audiCnt`.
    var field: String { place.isEmpty ? name : "\(place).\(name)" }

    /// Trimmed text (spaces, tabs, newlines, U+3000 ideographic spaces), or nil when blank.
    var text: String? {
        guard let raw else { return nil }
        let trimmed = raw.trimmingBlanksAndNewlines()
        return trimmed.isEmpty ? nil : trimmed
    }

    /// Trims optional text that needs no field name: blank becomes nil.
    static func text(_ raw: String?) -> String? {
        FieldValue(raw, "").text
    }

    /// Like `text`, but a missing value is an error.
    func requiredText() throws -> String {
        guard let text else { throw invalid("a value is required") }
        return text
    }

    /// A whole number of zero or more.
    func count() throws -> Int? {
        guard let text else { return nil }
        guard !text.hasPrefix("-"), !text.hasPrefix("+"), let value = Int(text) else {
            throw invalid(Self.isDigits(text) ? "the number is too large" : "expected a whole number of zero or more")
        }
        return value
    }

    /// A signed whole number.
    func signed() throws -> Int? {
        guard let text else { return nil }
        guard let value = Int(text) else {
            throw invalid(Self.isDigits(text.trimming { $0 == "-" || $0 == "+" }) ? "the number is too large" : "expected a whole number")
        }
        return value
    }

    /// A decimal written with digits, an optional sign and an optional fraction (`-17.9`, `100`).
    func decimal() throws -> Double? {
        guard let text else { return nil }
        var body = Substring(text)
        if body.first == "-" || body.first == "+" { body = body.dropFirst() }
        let parts = body.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, Self.isDigits(whole), parts.count == 1 || Self.isDigits(parts[1]),
              let value = Double(text), value.isFinite else {
            throw invalid("expected a decimal number")
        }
        return value
    }

    /// A day written `yyyyMMdd` or `yyyy-MM-dd`.
    func day() throws -> Day? {
        guard let text else { return nil }
        guard let day = Day(text) else { throw invalid("expected a date such as 20230327") }
        return day
    }

    /// A four-digit year.
    func year() throws -> Int? {
        guard let text else { return nil }
        guard text.utf8.count == 4, let year = Int(text), year > 0 else { throw invalid("expected a year") }
        return year
    }

    func invalid(_ reason: String) -> InvalidDataError {
        InvalidDataError(field: field, value: raw ?? "null", reason: reason)
    }

    private static func isDigits<S: StringProtocol>(_ text: S) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { (0x30...0x39).contains($0) }
    }
}
