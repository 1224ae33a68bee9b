@testable import BoxOfficeBrowse
@testable import BoxOfficeArguments
@testable import BoxOfficeCLI
@testable import BoxOfficeSamples
@testable import BoxOfficeReviews
import Testing

/// A review's fields are checked in one place and each face names the field its own way: the
/// command line by its option, browse by the form's words (never a flag on browse's status line).
@Suite struct ReviewEntryTests {
    @Test func eachFaceNamesTheFieldItsOwnWay() throws {
        #expect(throws: ReviewEntryProblem.notARating("7")) { try ReviewEntry.rating("7") }
        #expect(try ReviewEntry.rating(" 4.5 ") == 4.5)
        #expect(try ReviewEntry.rating(nil) == nil)
        #expect(throws: ReviewEntryProblem.badNickname) { try ReviewEntry.nickname(String(repeating: "가", count: 41)) }
        #expect(throws: ReviewEntryProblem.emptyText) { try ReviewEntry.text(" \n ") }
        #expect(throws: ReviewEntryProblem.textTooLong(10_001)) { try ReviewEntry.text(String(repeating: "a", count: 10_001)) }
        let cases: [(ReviewEntryProblem, String, String)] = [
            (.noRating, "a review needs --rating, from 0.5 to 5 in steps of 0.5", "a review needs the rating, from 0.5 to 5 in steps of 0.5"),
            (.notARating("7"), "--rating '7' is not a rating from 0.5 to 5 in steps of 0.5 (e.g. 3.5)",
             "the rating '7' is not a rating from 0.5 to 5 in steps of 0.5 (e.g. 3.5)"),
            (.badNickname, "--nickname needs a name of 1 to 40 characters", "the nickname needs a name of 1 to 40 characters"),
            (.emptyText, "the review is empty", "the review is empty"),
            (.textTooLong(10_001), "the review is 10,001 characters; at most 10,000", "the review is 10,001 characters; at most 10,000"),
        ]
        for (problem, commandLine, browse) in cases {
            #expect(problem.message { "--" + $0.rawValue } == commandLine)
            #expect(problem.message(naming: ReviewForm.name(of:)) == browse)
            #expect(BrowseCommand.failure(ReviewFormError(message: problem.message(naming: ReviewForm.name(of:)))).text == browse)
            #expect(!browse.contains("--"))
        }
    }
}
