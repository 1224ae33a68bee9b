#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How long a cached answer stays good, following how KOBIS's data change (api.md §4): what a
/// cache middleware reads from ``BoxOfficeOperation/freshness`` to tell whether what it holds
/// may still be given.
public enum Freshness: Sendable, Equatable {
    /// Box office figures for a period ending on `lastDay`: KOBIS revises them for a while, then they
    /// never change. An answer stored once the period had settled is good for ever; one stored
    /// earlier is good for an hour, however old it is by now.
    case boxOffice(lastDay: Day)
    /// Good for this many seconds after it was stored.
    case seconds(TimeInterval)

    /// A box office day counts as settled this many days after it (in Korean time).
    package static let settledAfterDays = 3
    /// How long figures that may still be revised are kept.
    package static let unsettledLifetime: TimeInterval = 3600

    /// The rule for one request.
    package static func of<Response>(_ endpoint: Endpoint<Response>) -> Freshness {
        switch endpoint.operation {
        case .dailyBoxOffice, .weeklyBoxOffice:
            guard let text = endpoint.parameters.first(where: { $0.name == "targetDt" })?.value, let day = Day(text) else {
                return .seconds(unsettledLifetime)
            }
            // A week's figures are settled only once its last day (Sunday) is.
            return .boxOffice(lastDay: endpoint.operation == .weeklyBoxOffice ? day.adding(days: 7 - day.weekday.rawValue) : day)
        case .movieInfo, .peopleInfo, .companyInfo:
            return .seconds(7 * 86_400)
        case .movieList, .peopleList, .companyList:
            return .seconds(86_400)
        case .codeList:
            return .seconds(30 * 86_400)
        }
    }

    /// Whether an answer stored at `stored` was already settled then, so never expires.
    public func isSettled(stored: Date) -> Bool {
        guard case let .boxOffice(lastDay) = self else { return false }
        return lastDay.days(to: Day.korean(at: stored)) >= Self.settledAfterDays
    }

    /// Whether an answer stored at `stored` is still good at `now`.
    public func isFresh(stored: Date, now: Date) -> Bool {
        if isSettled(stored: stored) { return true }
        // An entry stored in the future (a clock set back) is not trusted.
        return now.timeIntervalSince(stored) < lifetime && stored <= now.addingTimeInterval(60)
    }

    /// How long an answer that had not settled when stored stays good.
    private var lifetime: TimeInterval {
        switch self {
        case .boxOffice: Self.unsettledLifetime
        case let .seconds(limit): limit
        }
    }

    /// "kept for good (settled when stored)", "good for 1 hour", …
    package func describe(stored: Date) -> String {
        if isSettled(stored: stored) { return "kept for good (the figures had settled when stored)" }
        if lifetime >= 86_400 {
            let days = Int(lifetime / 86_400)
            return "good for \(days) day\(days == 1 ? "" : "s")"
        }
        let hours = Int(lifetime / 3600)
        return "good for \(hours) hour\(hours == 1 ? "" : "s")"
    }
}
