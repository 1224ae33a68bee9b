import BoxOfficeCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension Review {
    /// What `review list --json` shows: the password only as whether there is one.
    package var json: JSONValue {
        .object([
            ("id", .string(id)), ("movieCode", .string(movieCode)), ("rating", .double(rating)), ("nickname", JSONValue(nickname)),
            ("text", .string(text)), ("created", .string(ReviewTimestamp.text(created))), ("edited", JSONValue(edited.map(ReviewTimestamp.text))),
            ("hasPassword", .bool(password != nil)),
        ])
    }

    /// `★★★★½` for 4.5.
    package static func stars(_ rating: Double) -> String {
        let whole = Int(rating)
        return String(repeating: "★", count: whole) + (rating - Double(whole) >= 0.5 ? "½" : "") + " " + cFormat("%.1f", rating)
    }

    /// `4.3 from 3 reviews`.
    package static func summary(_ reviews: [Review]) -> String {
        guard !reviews.isEmpty else { return "no reviews" }
        let average = reviews.map(\.rating).reduce(0, +) / Double(reviews.count)
        return "★ \(cFormat("%.1f", average)) from \(NumberFormat.grouped(reviews.count)) review\(reviews.count == 1 ? "" : "s")"
    }
}
