/// Days in a sentence, for every face's messages.
extension PeriodCoverage {
    /// The days KOBIS could not answer, grouped by its error and a few named: `2022-01-04
    /// (알수없는 오류가 발생했습니다., error 320099)`, `2022-01-04 and 2022-01-06 (…)`, or the first
    /// ten of a long run `and 355 more days (…)`; the JSON names every one.
    package static func failedDays(_ failed: [(day: Day, fault: KOBISFault)], listing most: Int = 10, korean: Bool = false) -> String {
        var groups: [(fault: KOBISFault, days: [Day])] = []
        for (day, fault) in failed {
            if let index = groups.firstIndex(where: { $0.fault == fault }) { groups[index].days.append(day) } else { groups.append((fault, [day])) }
        }
        return groups.map { group in
            "\(listed(group.days.map(\.iso), most: most, korean: korean)) (\(group.fault.summary), \(korean ? "오류" : "error") \(group.fault.code))"
        }.joined(separator: "; ")
    }

    /// `2022-01-04`, `2022-01-04 and 2022-01-06`, or the first ten of many `and 355 more days`;
    /// in Korean `2022-01-04, 2022-01-06`, and `외 355일`.
    package static func listed(_ days: [String], most: Int = 10, korean: Bool = false) -> String {
        let named = days.prefix(most)
        let rest = days.count - named.count
        if korean { return named.joined(separator: ", ") + (rest > 0 ? " 외 \(NumberFormat.grouped(rest))일" : "") }
        return rest > 0 ? named.joined(separator: ", ") + " and \(rest) more day\(rest == 1 ? "" : "s")"
            : named.count > 1 ? named.dropLast().joined(separator: ", ") + " and " + (named.last ?? "") : named.joined()
    }
}
