import BoxOfficeCore

/// A range of days given as `from` and `to` (`daily`, `weekly`, `top`, `trend` and their tools):
/// the two parameters, and the range they give, checked in the face's terms.
package enum RankingRange {
    package static let from = Parameter("from", value: "D", help: "the first day of a range (with --to; default yesterday)", kind: .day)
    package static let to = Parameter("to", value: "D", help: "the last day of a range", default: "yesterday in Korea", kind: .day)
    package static let specs = [from.option, to.option]

    /// What a range given as `--from` alone is, for the question of its cost: it runs to yesterday.
    package static func span(_ arguments: some ArgumentReader, weeks: Bool = false) -> String? {
        guard arguments.has(from), !arguments.has(to) else { return nil }
        let yesterday = arguments.today.adding(days: -1)
        let read = weeks ? "every week up to the one holding yesterday" : "every day up to yesterday"
        return "\(arguments.named(from)) without \(arguments.named(to)) reads \(read) (\(yesterday.iso))"
    }

    /// The range the options give, or nil; the command's single day (`date`) with them is a usage error.
    package static func parse(_ arguments: some ArgumentReader, date: Parameter? = nil) throws(UsageError) -> ClosedRange<Day>? {
        guard arguments.has(from) || arguments.has(to) else { return nil }
        let (fromName, toName) = (arguments.named(from), arguments.named(to))
        if let date, arguments.has(date) {
            let dateName = arguments.named(date)
            throw UsageError(message: "\(dateName) and \(arguments.has(from) ? fromName : toName) cannot be used together; give one day with \(dateName), or a range with \(fromName) and \(toName)", command: arguments.name)
        }
        guard let first = try arguments.publishedDay(from) else {
            throw UsageError(message: "\(toName) needs \(fromName): the range's first day, e.g. \(fromName) 2023-03-01 \(toName) 2023-03-31", command: arguments.name)
        }
        let last = try arguments.publishedDay(to) ?? arguments.today.adding(days: -1)
        guard first <= last else {
            throw UsageError(message: "\(fromName) \(first.iso) is after \(toName) \(last.iso)", command: arguments.name)
        }
        return first...last
    }
}
