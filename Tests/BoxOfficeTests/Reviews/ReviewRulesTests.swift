@testable import BoxOfficeReviews
@testable import BoxOfficeRendering
import BoxOfficeCore
import Foundation
import Testing

/// The reviews module keeps its own rules: a review is stored in its stored form or not at all,
/// whoever hands it to the store; what an older file holds is kept as it is.
@Suite struct ReviewRulesTests {
    private func store() throws -> (ReviewStore, URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-rules-\(UUID().uuidString)")
        return (ReviewStore(folder: folder, ownFolder: true), folder)
    }

    private let good = Review(id: "0a1b2c3d", movieCode: "20124079", rating: 4.5, nickname: "관객", text: "좋았다", created: 1_700_000_000)

    @Test func aReviewIsStoredInItsStoredFormOnly() throws {
        let (store, folder) = try store()
        defer { try? FileManager.default.removeItem(at: folder) }
        try store.update { reviews -> (changed: Bool, result: Void) in
            reviews.append(good)
            return (true, ())
        }
        #expect(try store.all() == [good])
        for (bad, reason) in [
            (Review(id: "0a1b2c3e", movieCode: "20124079", rating: 7, nickname: nil, text: "x", created: 1), "it breaks the rules for a review"),
            (Review(id: "0A1B2C3F", movieCode: "20124079", rating: 3, nickname: nil, text: "x", created: 1), "it is not in its stored form"),
            (Review(id: "0a1b2c40", movieCode: "2012", rating: 3, nickname: nil, text: "x", created: 1), "it breaks the rules for a review"),
            (Review(id: "0a1b2c41", movieCode: "20124079", rating: 3, nickname: nil, text: "  ", created: 1), "it breaks the rules for a review"),
        ] {
            #expect(throws: ReviewStoreError.refused(id: bad.id, reason: reason)) {
                try store.update { reviews -> (changed: Bool, result: Void) in
                    reviews.append(bad)
                    return (true, ())
                }
            }
        }
        #expect(try store.all() == [good], "nothing was written")
    }

    @Test func theRulesNameTheFirstFieldBroken() {
        #expect(throws: ReviewProblem("its rating is not one from 0.5 to 5 in steps of 0.5")) {
            try Review(id: "0a1b2c3d", movieCode: "20124079", rating: 0.3, nickname: nil, text: "x", created: 1).stored(latest: 10)
        }
        #expect(throws: ReviewProblem("its created time is before 1970 or in the future")) {
            try Review(id: "0a1b2c3d", movieCode: "20124079", rating: 1, nickname: nil, text: "x", created: 11).stored(latest: 10)
        }
        #expect(throws: ReviewProblem("its nickname is not a name of 1 to 40 characters")) {
            try Review(id: "0a1b2c3d", movieCode: "20124079", rating: 1, nickname: String(repeating: "가", count: 41), text: "x", created: 1).stored(latest: 10)
        }
        let normalised = try? Review(id: "0A1B2C3D", movieCode: "2024a603", rating: 1, nickname: " 관객 ", text: " 좋다 ", created: 1).stored(latest: 10)
        #expect(normalised == Review(id: "0a1b2c3d", movieCode: "2024A603", rating: 1, nickname: "관객", text: "좋다", created: 1))
    }

    /// The reviews under a film's details line up: stars (right-aligned, so the numbers do), then
    /// nicknames of any width, Hangul included, then the text.
    @Test func theReviewsUnderAFilmLineUp() {
        let reviews = [
            Review(id: "0a1b2c3d", movieCode: "20124079", rating: 5, nickname: "민수", text: "최고", created: 3),
            Review(id: "0a1b2c3e", movieCode: "20124079", rating: 3.5, nickname: "Alexander", text: "괜찮았다", created: 2),
            Review(id: "0a1b2c3f", movieCode: "20124079", rating: 0.5, nickname: nil, text: "별로", created: 1),
        ]
        for ambiguousWide in [false, true] {
            let text = Movie.reviewLines(reviews, RenderOptions(ambiguousWide: ambiguousWide))
            let lines = text.split(separator: "\n").dropFirst()
            #expect(lines.count == 3)
            let starts = lines.map { line in TerminalText.width(line.prefix(while: { $0 != "최" && $0 != "괜" && $0 != "별" }), ambiguousWide: ambiguousWide) }
            #expect(Set(starts).count == 1, "the texts start in one column: \(lines)")
            let numbers = lines.map { line in TerminalText.width(line.prefix(upTo: line.range(of: ".")!.lowerBound), ambiguousWide: ambiguousWide) }
            #expect(Set(numbers).count == 1, "the ratings line up: \(lines)")
        }
    }
}

