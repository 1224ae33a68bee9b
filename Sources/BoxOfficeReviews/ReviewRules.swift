import BoxOfficeCore
import BoxOfficeRendering

/// What the store holds, checked where it is stored: every review the store writes anew (added,
/// edited or imported) is in its stored form and passes these rules, whoever made it.
extension Review {
    /// The longest review text, in characters.
    package static let longestText = 10_000
    /// The longest nickname, in characters.
    package static let longestNickname = 40

    /// A nickname as stored (composed and trimmed), or nil when it is not 1 to 40 characters.
    package static func storedNickname(_ text: String) -> String? {
        let name = text.composed.trimmingBlanksAndNewlines()
        return !name.isEmpty && name.count <= longestNickname ? name : nil
    }

    /// A review's text as stored: composed, without blanks around it.
    package static func storedText(_ raw: String) -> String {
        raw.composed.trimmingBlanksAndNewlines()
    }

    /// The review as stored (id in lowercase, movie code in capitals, nickname and text composed
    /// and trimmed), or the first rule it breaks. `latest` is the latest time it may carry.
    /// `keepingID`: the id is already in the store (written by an older boxoffice or by hand), so
    /// it stays exactly as it is, whatever its form.
    package func stored(latest: Int64, keepingID: Bool = false) throws(ReviewProblem) -> Review {
        var review = self
        if !keepingID {
            review.id = id.lowercased()
            guard Review.isValidID(review.id) else { throw ReviewProblem("its id is not 8 hex digits") }
        }
        guard MovieCode.isValid(movieCode) else { throw ReviewProblem("its movie code is not a KOBIS movie code (8 characters, e.g. 20124079)") }
        review.movieCode = movieCode.uppercased()
        guard Review.isValidRating(rating) else { throw ReviewProblem("its rating is not one from 0.5 to 5 in steps of 0.5") }
        if let nickname {
            guard let name = Review.storedNickname(nickname) else { throw ReviewProblem("its nickname is not a name of 1 to 40 characters") }
            review.nickname = name
        }
        review.text = Review.storedText(text)
        guard !review.text.isEmpty else { throw ReviewProblem("its text is empty") }
        guard review.text.count <= Review.longestText else {
            throw ReviewProblem("its text is longer than \(NumberFormat.grouped(Review.longestText)) characters")
        }
        for (field, time) in [("created", created), ("edited", edited)] {
            guard let time else { continue }
            guard (0...latest).contains(time) else { throw ReviewProblem("its \(field) time is before 1970 or in the future") }
        }
        if let record = password, !record.isCheckable {
            throw ReviewProblem("its password is not a record this boxoffice can check (\(PasswordRecord.algorithmName), a hex salt, a 32-byte hex hash)")
        }
        return review
    }
}

/// The rule a review breaks, as the end of a sentence about it ("its rating is not …").
package struct ReviewProblem: Error, Sendable, Equatable {
    package let message: String

    package init(_ message: String) {
        self.message = message
    }
}
