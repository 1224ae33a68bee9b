import BoxOfficeCore
import BoxOfficeReviews

/// Stepping through days and weeks, the period, refreshing, and the month calendar.
extension BrowseState {
    /// The ranking `offset` days (or weeks) from `place`, if KOBIS can have it: in the demo, the
    /// next or previous sample day instead.
    func step(_ place: RankingPlace, by offset: Int) -> RankingPlace? {
        var next = place
        if let samples {
            let days = samples.days(place.period)
            let later = offset > 0 ? days.first { $0 > place.day } : days.last { $0 < place.day }
            guard let later else { return nil }
            next.day = later
            return next
        }
        next.day = place.day.adding(days: place.period == .day ? offset : 7 * offset)
        guard next.day >= Self.firstDay else { return nil }
        if next.day > latestDay {
            // A week may end after yesterday only while it is the week holding yesterday.
            guard place.period != .day, next.day.adding(days: -7) < latestDay, place.day < latestDay else { return nil }
            next.day = latestDay
        }
        return next
    }

    mutating func stepDay(by offset: Int) -> [BrowseEffect] {
        guard case let .ranking(shown) = top.screen else { return [] }
        // Steps add up while a day is on its way: three quick [ go three days back.
        var place = shown
        if let pending, !pending.push, case let .ranking(coming) = pending.page.screen { place = coming }
        guard let next = step(place, by: offset) else {
            status = edgeMessage(place, forward: offset > 0)
            return []
        }
        if samples != nil { status = "sample \(next.period == .day ? "day" : "week") \(next.day.iso)" + Self.unrecorded(between: place, and: next) }
        return open(BrowsePage(.ranking(next)), push: false)
    }

    /// The one or two days a step between sample days passed over inside a recorded stretch (the
    /// season's gaps), named as not recorded; "" for a step to the next day, or across a longer
    /// stretch with no samples.
    static func unrecorded(between place: RankingPlace, and next: RankingPlace) -> String {
        guard place.period == .day else { return "" }
        let (first, last) = place.day < next.day ? (place.day, next.day) : (next.day, place.day)
        let skipped = first.days(to: last) - 1
        guard (1...2).contains(skipped) else { return "" }
        let days = (1...skipped).map { first.adding(days: $0).iso }
        return " (\(days.joined(separator: " and ")) \(skipped == 1 ? "was" : "were") not recorded)"
    }

    func edgeMessage(_ place: RankingPlace, forward: Bool) -> String {
        if samples != nil {
            return forward ? "no later sample \(place.period == .day ? "day" : "week") (the demo has only the recorded ones)"
                : "no earlier sample \(place.period == .day ? "day" : "week") (the demo has only the recorded ones)"
        }
        return forward ? "\(place.day.iso) is the latest: KOBIS publishes a day once it has ended"
            : "KOBIS has no figures before \(Self.firstDay.iso)"
    }

    mutating func goHome() -> [BrowseEffect] {
        guard case .ranking = top.screen else { return [] }
        return open(BrowsePage(.ranking(home)), push: false)
    }

    mutating func cyclePeriod() -> [BrowseEffect] {
        guard case var .ranking(place) = top.screen else { return [] }
        place.period = place.period.next
        // The demo stays on the day shown: a period the samples lack says so on its screen, and
        // [ and ] step to the recorded ones (never a jump years away unasked).
        return open(BrowsePage(.ranking(place)), push: false)
    }

    /// `d`: the ranking's top 10, or its deep list (past the top 10, from the four filtered
    /// lists); the demo's samples hold no filtered list.
    mutating func toggleDeep() -> [BrowseEffect] {
        guard case var .ranking(place) = top.screen else { return [] }
        if samples != nil, !place.deep {
            status = "the deep list needs KOBIS's filtered lists, which the samples do not hold"
            return []
        }
        place.deep.toggle()
        return open(BrowsePage(.ranking(place)), push: false)
    }

    mutating func refresh() -> [BrowseEffect] {
        guard let request = top.screen.request else { return [] }
        loading.insert(request)
        return [.fetch(request, refresh: true)]
    }

    // MARK: - Calendar

    mutating func openCalendar() -> [BrowseEffect] {
        guard case let .ranking(place) = top.screen else { return [] }
        pages.append(BrowsePage(.calendar(place.day)))
        return peekMonth(of: place.day)
    }

    /// `R`: the records of the month of the day shown (a ranking's, or the calendar's), or of the
    /// first screen's day elsewhere; the month's days are read as `records --month` reads them.
    mutating func openRecords() -> [BrowseEffect] {
        let day: Day? = switch top.screen {
        case let .ranking(place): place.day
        case let .calendar(day): day
        default: pages.lazy.compactMap { if case let .ranking(place) = $0.screen { place.day } else { nil } }.first
        }
        guard let day else { return [] }
        if case .records = top.screen { return [] }
        return open(BrowsePage(.records(day)), push: true)
    }

    /// The month's days from the cache, so that each day seen before shows its number one.
    mutating func peekMonth(of day: Day) -> [BrowseEffect] {
        var effects: [BrowseEffect] = []
        for date in MonthCalendar.days(year: day.year, month: day.month) ?? [] {
            guard date <= latestDay, date >= Self.firstDay else { continue }
            let request = BrowseRequest.ranking(RankingPlace(day: date, period: .day))
            guard answers[request] == nil, !loading.contains(request), peeked.insert(request).inserted else { continue }
            effects.append(.peek(request))
        }
        return effects
    }

    mutating func calendarKey(_ key: BrowseKey) -> [BrowseEffect] {
        guard case let .calendar(day) = top.screen else { return [] }
        var moved: Day?
        switch key {
        case .left, .character("h"): moved = day.adding(days: -1)
        case .right, .character("l"): moved = day.adding(days: 1)
        case .up, .character("k"): moved = day.adding(days: -7)
        case .down, .character("j"): moved = day.adding(days: 7)
        case .pageUp: moved = day.addingMonths(-1)
        case .pageDown: moved = day.addingMonths(1)
        case .escape, .backspace, .character("q"):
            pages.removeLast()
            return []
        case .character("?"):
            pages.append(BrowsePage(.help))
            return []
        case .enter:
            guard day <= latestDay else {
                status = "\(day.iso) has no ranking yet: KOBIS publishes a day once it has ended"
                return []
            }
            pages.removeLast()
            guard case var .ranking(place) = top.screen else { return [] }
            place.day = day
            if let samples, !samples.days(place.period).contains(day) {
                status = "\(day.iso) is not in the sample data (the demo has only the recorded days)"
                return []
            }
            return open(BrowsePage(.ranking(place)), push: false)
        default:
            return []
        }
        if let moved {
            let clamped = min(max(moved, Self.firstDay), latestDay)
            top.screen = .calendar(clamped)
            return peekMonth(of: clamped)
        }
        return []
    }
}
