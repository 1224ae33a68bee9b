import Foundation

/// How long a cached answer stays good, following how KOBIS's data change (api.md §4).
public enum Freshness: Sendable, Equatable {
    /// Never expires: a box office day KOBIS has settled.
    case forever
    /// Good for this many seconds after it was stored.
    case seconds(TimeInterval)

    /// A box office day counts as settled this many days after it (in Korean time).
    public static let settledAfterDays = 3

    /// The rule for one request, given today in Korea.
    public static func of<Response>(_ endpoint: Endpoint<Response>, today: Day) -> Freshness {
        switch endpoint.operation {
        case .dailyBoxOffice, .weeklyBoxOffice:
            guard let text = endpoint.parameters.first(where: { $0.name == "targetDt" })?.value, let day = Day(text) else {
                return .seconds(3600)
            }
            // A week's figures are settled only once its last day (Sunday) is.
            let last = endpoint.operation == .weeklyBoxOffice ? day.adding(days: 7 - day.weekday.rawValue) : day
            return last.days(to: today) >= settledAfterDays ? .forever : .seconds(3600)
        case .movieInfo, .peopleInfo, .companyInfo:
            return .seconds(7 * 86_400)
        case .movieList, .peopleList, .companyList:
            return .seconds(86_400)
        case .codeList:
            return .seconds(30 * 86_400)
        }
    }

    /// Whether an answer stored at `stored` is still good at `now`.
    public func isFresh(stored: Date, now: Date) -> Bool {
        switch self {
        case .forever: true
        case let .seconds(limit): now.timeIntervalSince(stored) < limit && stored <= now.addingTimeInterval(60)
        }
    }
}

extension Freshness: CustomStringConvertible {
    public var description: String {
        switch self {
        case .forever: "kept for good (a settled day)"
        case let .seconds(limit) where limit >= 86_400: "good for \(Int(limit / 86_400)) day\(limit >= 172_800 ? "s" : "")"
        case let .seconds(limit): "good for \(Int(limit / 3600)) hour\(limit >= 7200 ? "s" : "")"
        }
    }
}
