import BoxOfficeCore
import BoxOfficeReviews
import BoxOfficeRendering
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reviews to show, newest first.
package struct ReviewList: Presentable {
    package let reviews: [Review]
    /// The movie they are about, when the list is of one movie.
    package let movieCode: String?
    /// The reviews the heading's average and count are of: the movie's all, when `reviews` is
    /// one just added or changed.
    package let summarised: [Review]

    package init(reviews: [Review], movieCode: String?, summarising summarised: [Review]? = nil) {
        self.reviews = reviews.sorted { ($0.created, $0.id) > ($1.created, $1.id) }
        self.movieCode = movieCode
        self.summarised = summarised ?? reviews
    }

    package static let fieldNames = ["id", "movieCode", "rating", "nickname", "text", "created", "edited", "hasPassword"]
    package static var isList: Bool { true }

    package var json: JSONValue { .array(records) }
    package var records: [JSONValue] { reviews.map(\.json) }

    package func table(_ options: RenderOptions) -> String {
        guard !reviews.isEmpty else {
            let about = movieCode.map { " of \($0)" } ?? ""
            return Document([.text(options.korean ? "리뷰가 없습니다." : "No reviews\(about) yet. Add one with 'boxoffice review add MOVIECODE --rating 4.5 \"…\"'.")])
                .rendered(options)
        }
        let title = movieCode.map { "\(options.label(Label("Reviews", "리뷰"))) · \($0)" } ?? options.label(Label("Reviews", "리뷰"))
        let summary = Review.summary(summarised) + (summarised.count > reviews.count ? ", \(NumberFormat.grouped(reviews.count)) shown" : "")
        // On one line when it fits the terminal, else the summary under the title.
        let line = title + " · " + summary
        let fits = options.width.map { TerminalText.width(line, ambiguousWide: options.ambiguousWide) <= $0 } ?? true
        let table = TextTable(
            columns: [.init(title: Label("ID", "ID")), .init(title: Label("Movie", "영화"), dropOrder: 3), .init(title: Label("Rating", "평점")), .init(title: Label("Nickname", "닉네임"), dropOrder: 2),
                      .init(title: Label("Date", "날짜"), dropOrder: 1), .init(title: Label("Review", "리뷰"), flexible: true)],
            rows: reviews.map { review in
                // A store edited by hand (or imported by an older boxoffice) may hold any id; one up to
                // 24 columns is shown whole so that it can be typed to edit or delete it (--json shows any).
                [.init(Review.isValidID(review.id) ? review.id : TerminalText.truncate(review.id, to: 24)), .init(TerminalText.truncate(review.movieCode, to: 9)), .init(Review.stars(review.rating)), .init(review.nickname ?? ""),
                 .init(String(Day.koreanTimestamp(Date(timeIntervalSince1970: TimeInterval(review.created))).prefix(10))),
                 .init(review.text.split(whereSeparator: \.isNewline).joined(separator: " "))]
            })
        return Document((fits ? [.heading(line)] : [.heading(title), .heading(summary)]) + [.blank, .table(table)]).rendered(options)
    }
}

extension Movie {
    /// The movie's reviews under its details: the average, the count and the latest three.
    package static func reviewLines(_ reviews: [Review], _ options: RenderOptions) -> String {
        guard !reviews.isEmpty else { return "" }
        let list = ReviewList(reviews: reviews, movieCode: nil)
        var text = "\n" + TextColor.bold.apply(options.label(Label("Reviews", "리뷰")) + " · " + Review.summary(reviews), if: options.colors) + "\n"
        // Stars, nickname and text in columns, whatever their lengths (★ may be two columns wide).
        let shown = list.reviews.prefix(3)
        let stars = shown.map { Review.stars($0.rating) }
        let names = shown.map { TerminalText.clean($0.nickname ?? "—") }
        let starsWidth = stars.map { TerminalText.width($0, ambiguousWide: options.ambiguousWide) }.max() ?? 0
        let namesWidth = names.map { TerminalText.width($0, ambiguousWide: options.ambiguousWide) }.max() ?? 0
        for (index, review) in shown.enumerated() {
            var line = "  " + TerminalText.pad(stars[index], to: starsWidth, alignRight: true, ambiguousWide: options.ambiguousWide) + "  "
                + TerminalText.pad(names[index], to: namesWidth, ambiguousWide: options.ambiguousWide) + "  "
                + TerminalText.clean(review.text.split(whereSeparator: \.isNewline).joined(separator: " "))
            if let width = options.width { line = TerminalText.truncate(line, to: width, ambiguousWide: options.ambiguousWide) }
            text += line + "\n"
        }
        if reviews.count > 3 { text += "  … 'boxoffice review list \(reviews[0].movieCode)' shows all \(NumberFormat.grouped(reviews.count))\n" }
        return text
    }
}
