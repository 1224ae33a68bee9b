import BoxOfficeCore

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

/// A field of a review as a person types it (`review add --rating`, browse's form): each face
/// names the field in its own words (an option, a form's label).
package enum ReviewField: String, Sendable, Equatable, CaseIterable {
    case rating, nickname, text
}

/// What is wrong with a review's field as typed, in no face's words: `ReviewEntry`'s checks throw
/// it, and the command line and browse each say it their way.
package enum ReviewEntryProblem: Error, Sendable, Equatable {
    /// No rating was given; a review needs one.
    case noRating
    /// Not a rating from 0.5 to 5 in steps of 0.5 (the text as typed).
    case notARating(String)
    /// Not a name of 1 to 40 characters.
    case badNickname
    /// Nothing but blanks.
    case emptyText
    /// Longer than `Review.longestText` (its length in characters).
    case textTooLong(Int)

    /// The field the problem is in.
    package var field: ReviewField {
        switch self {
        case .noRating, .notARating: .rating
        case .badNickname: .nickname
        case .emptyText, .textTooLong: .text
        }
    }

    /// The problem as a sentence, the field named by `name` ("--rating", "the rating").
    package func message(naming name: (ReviewField) -> String) -> String {
        switch self {
        case .noRating: "a review needs \(name(.rating)), from 0.5 to 5 in steps of 0.5"
        case let .notARating(text): "\(name(.rating)) \(MessageText.quote(text)) is not a rating from 0.5 to 5 in steps of 0.5 (e.g. 3.5)"
        case .badNickname: "\(name(.nickname)) needs a name of 1 to \(Review.longestNickname) characters"
        case .emptyText: "the review is empty"
        case let .textTooLong(count): "the review is \(NumberFormat.grouped(count)) characters; at most \(NumberFormat.grouped(Review.longestText))"
        }
    }
}

/// The checks of a review's fields as typed, one place for every face: each gives the value as
/// stored, or the problem.
package enum ReviewEntry {
    /// A rating as typed (`4.5`), or nil when none was given.
    package static func rating(_ text: String?) throws(ReviewEntryProblem) -> Double? {
        guard let text else { return nil }
        guard let value = Double(text.trimmingBlanks()), Review.isValidRating(value) else { throw .notARating(text) }
        return value
    }

    /// A nickname as stored, or nil when none was given.
    package static func nickname(_ text: String?) throws(ReviewEntryProblem) -> String? {
        guard let text else { return nil }
        guard let name = Review.storedNickname(text) else { throw .badNickname }
        return name
    }

    /// A review's text as stored.
    package static func text(_ raw: String) throws(ReviewEntryProblem) -> String {
        let text = Review.storedText(raw)
        guard !text.isEmpty else { throw .emptyText }
        guard text.count <= Review.longestText else { throw .textTooLong(text.count) }
        return text
    }
}
