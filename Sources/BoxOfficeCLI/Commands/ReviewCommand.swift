import BoxOfficeArguments
import BoxOfficeCore
import BoxOfficeRendering
import BoxOfficeStorage
import BoxOfficeReviews
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// `boxoffice review add|list|edit|delete|export|import`: the user's own reviews, kept on their disk.
struct ReviewCommand: BoxOfficeCommand, Equatable {
    enum Action: Equatable {
        case add(movieCode: String, rating: Double, nickname: String?, text: String?, password: Bool)
        case list(movieCode: String?)
        case edit(id: String, rating: Double?, nickname: String?, text: String?)
        case delete(id: String)
        case export
        case importFile(String)
    }

    var action: Action


    /// The options of every action.
    enum Option {
        static let rating = Parameter("rating", value: "R", help: "0.5 to 5, in steps of 0.5 (add, edit)", kind: .word)
        static let nickname = Parameter("nickname", value: "NAME", help: "the name to show with the review (add, edit)", kind: .word)
        static let text = Parameter("text", value: "TEXT", help: "the review (else the words after the movie code, or stdin)", kind: .word)
        static let password = Parameter("password", help: "protect the review: asked for without echo, or read from BOXOFFICE_REVIEW_PASSWORD (add)",
                                         kind: .flag)
    }

    static let spec = CommandSpec(
        name: "review", summary: "your own reviews of movies, kept on your disk: add, list, edit, delete, export, import",
        arguments: [ArgumentSpec(name: "add|list|edit|delete|export|import", help: "what to do; then a movie code (add, list), a review id (edit, delete) or a file (import)",
                                 completion: .choices(["add", "list", "edit", "delete", "export", "import"]), then: ["import": .file])],
        options: [Option.rating, Option.nickname, Option.text, Option.password].map(\.option),
        discussion: """
        Reviews are kept in ${XDG_DATA_HOME:-~/.local/share}/boxoffice/reviews.json (--data-dir or
        BOXOFFICE_DATA_DIR to choose another folder), readable by you alone, changed under a lock
        and written whole, so two boxoffice adding at once both land. A password is kept only as a
        salted PBKDF2-HMAC-SHA256 hash of 600,000 rounds; deleting or editing a protected review
        asks for it (or reads BOXOFFICE_REVIEW_PASSWORD), and a wrong one changes nothing (exit 77).
        'movie CODE' shows a movie's average rating and latest reviews.

        'review export' writes every review as JSON (indented; --compact for one line), the one
        format 'review import' reads back, password hashes included; other --format values and
        --fields are refused (exit 64): 'review list --format csv' is the spreadsheet. An import
        is checked as 'review add' checks a review, and a file with any review it would refuse is
        refused whole; reviews whose ids are already there are skipped.
        """,
        examples: ["boxoffice review add 20124079 --rating 4.5 '이병헌의 1인 2역이 압권'", "boxoffice review list",
                   "boxoffice review add 20124079 --rating 4 --password < review.txt", "boxoffice review delete 3f2a9c1e",
                   "boxoffice review export > reviews.json", "boxoffice review import reviews.json"],
        fields: CommandSpec.fields(of: ReviewList.self))

    init(_ arguments: some ArgumentReader) throws(UsageError) {
        let name = arguments.name
        guard let verb = arguments.positionals.first?.lowercased() else {
            throw UsageError(message: "review needs an action: add, list, edit, delete, export or import", command: name)
        }
        let rest = Array(arguments.positionals.dropFirst())
        let rating = try Self.rating(arguments.string(Option.rating))
        let nickname = try Self.nickname(arguments.string(Option.nickname))
        let text = try Self.text(arguments.string(Option.text), words: rest.dropFirst(), command: name)
        switch verb {
        case "add":
            guard let code = rest.first else {
                throw UsageError(message: "review add needs a movie code, e.g. 'boxoffice review add 20124079 --rating 4.5 …'", command: name)
            }
            guard let rating else { throw UsageError(message: "review add needs --rating R, from 0.5 to 5 in steps of 0.5", command: name) }
            action = .add(movieCode: try Self.movieCode(code), rating: rating, nickname: nickname, text: text, password: arguments.has(Option.password))
        case "list":
            guard rest.count <= 1 else { throw UsageError(message: "unexpected argument \(UsageError.quote(rest[1])) for 'review list'", command: name) }
            action = .list(movieCode: try rest.first.map(Self.movieCode))
        case "edit":
            guard let id = rest.first else { throw UsageError(message: "review edit needs a review id ('boxoffice review list' shows them)", command: name) }
            guard rating != nil || nickname != nil || text != nil else {
                throw UsageError(message: "review edit needs something to change: --rating, --nickname, --text or new words", command: name)
            }
            action = .edit(id: try Self.id(id), rating: rating, nickname: nickname, text: text)
        case "delete":
            guard let id = rest.first, rest.count == 1 else { throw UsageError(message: "review delete needs one review id ('boxoffice review list' shows them)", command: name) }
            action = .delete(id: try Self.id(id))
        case "export":
            guard rest.isEmpty else { throw UsageError(message: "review export takes no argument; it writes to stdout ('> reviews.json')", command: name) }
            action = .export
        case "import":
            guard let file = rest.first, rest.count == 1 else { throw UsageError(message: "review import needs a file exported by 'review export' (or - for stdin)", command: name) }
            action = .importFile(file)
        default:
            let verbs = ["add", "list", "edit", "delete", "export", "import"]
            let hint = Suggestion.hint(verb, among: verbs)
            throw UsageError(message: "unknown review action \(UsageError.quote(verb)); use add, list, edit, delete, export or import\(hint)", command: name)
        }
        if arguments.has(Option.password), case .add = action {} else if arguments.has(Option.password) {
            throw UsageError(message: "--password applies to 'review add'; edit and delete ask for a review's password when it has one", command: name)
        }
    }

    nonisolated(nonsending) func run(_ context: CommandContext) async throws -> CommandOutput {
        let store = try context.reviewStore()
        switch action {
        case let .add(code, rating, nickname, text, protect):
            let body = try text ?? Self.standardInputText()
            let password = protect ? try Self.newPassword(context) : nil
            let (review, movieReviews) = try store.add(movieCode: code, rating: rating, nickname: nickname, text: body, password: password,
                                                       created: Int64(context.now().timeIntervalSince1970))
            context.notice?(Self.added(review))
            return .value(ReviewList(reviews: [review], movieCode: code, summarising: movieReviews))
        case let .list(code):
            let reviews = try store.all().filter { code == nil || $0.movieCode == code }
            return .value(ReviewList(reviews: reviews, movieCode: code))
        case let .edit(id, rating, nickname, text):
            let review = try Self.protectedChange(id: id, store: store, context: context, verb: "changed") { review in
                if let rating { review.rating = rating }
                if let nickname { review.nickname = nickname }
                if let text { review.text = text }
                review.edited = Int64(context.now().timeIntervalSince1970)
            }
            context.notice?("changed review \(Self.shown(review.id)).")
            let movieReviews = try store.all().filter { $0.movieCode == review.movieCode }
            return .value(ReviewList(reviews: [review], movieCode: review.movieCode, summarising: movieReviews))
        case let .delete(id):
            let review = try Self.protectedChange(id: id, store: store, context: context, verb: "deleted", delete: true) { _ in }
            context.notice?("deleted review \(Self.shown(review.id)) of \(TerminalText.clean(review.movieCode)).")
            return .none
        case .export:
            // An export is for 'review import', which reads this JSON only.
            let invocation = context.invocation
            guard invocation.format == .json || invocation.format == .table else {
                throw UsageError(message: "review export writes only the JSON that 'review import' reads, not --format \(invocation.format.rawValue); "
                                     + "'boxoffice review list --format \(invocation.format.rawValue)' lists the reviews that way", command: "review")
            }
            guard invocation.fields == nil else {
                throw UsageError(message: "review export writes every field, so that 'review import' can read it back; "
                                     + "'boxoffice review list --fields …' lists only some", command: "review")
            }
            return .text(ReviewExport.json(try store.all()).serialized(pretty: invocation.prettyJSON ?? true))
        case let .importFile(path):
            let incoming = try Self.importedReviews(path, latest: Int64(context.now().timeIntervalSince1970) + 86_400)
            let added = try store.update { reviews -> (changed: Bool, result: Int) in
                let present = Set(reviews.map(\.id))
                let new = incoming.filter { !present.contains($0.id) }
                reviews += new
                return (!new.isEmpty, new.count)
            }
            context.notice?("imported \(NumberFormat.grouped(added)) review\(added == 1 ? "" : "s"); \(NumberFormat.grouped(incoming.count - added)) already present were skipped.")
            return .none
        }
    }

    /// The reviews of an import file, each as `review add` would have stored it; the first one
    /// `review add` would have refused refuses the whole file.
    ///
    /// - Parameter latest: the latest time a review may carry (a little after now, for clocks
    ///   that differ between machines).
    private static func importedReviews(_ path: String, latest: Int64) throws -> [Review] {
        let name = path == "-" ? "stdin" : path
        let incoming: [Review]
        do {
            incoming = try ReviewExport.reviews(in: try readImport(path))
        } catch let error as ReviewImportError {
            switch error {
            case .notAnExport:
                throw ReviewInputError(message: "\(name) is not a file written by 'boxoffice review export'")
            case let .newerVersion(version):
                throw ReviewInputError(message: "\(name) is version \(version) of the export format; this boxoffice reads versions 1 to \(ReviewExport.version)")
            case let .badTime(number, field):
                throw ReviewInputError(message: "review \(number) in \(name): its \(field) time is not one such as 2026-11-23T18:05:00+09:00; nothing was imported")
            }
        }
        var checked: [Review] = []
        var numbers: [String: Int] = [:]
        for (index, original) in incoming.enumerated() {
            let number = index + 1
            let review: Review
            do {
                review = try original.stored(latest: latest)
            } catch {
                let id = Review.isValidID(original.id.lowercased()) ? " (id \(original.id.lowercased()))" : ""
                throw ReviewInputError(message: "review \(number) in \(name)\(id): \(error.message); nothing was imported")
            }
            if let first = numbers[review.id] {
                throw ReviewInputError(message: "reviews \(first) and \(number) in \(name) have the same id, \(review.id); nothing was imported")
            }
            numbers[review.id] = number
            checked.append(review)
        }
        return checked
    }

    /// Changes or deletes a review, after checking its password when it has one; a wrong
    /// password changes nothing.
    private static func protectedChange(id typed: String, store: ReviewStore, context: CommandContext, verb: String, delete: Bool = false,
                                        change: (inout Review) -> Void) throws -> Review {
        let current = try review(typed, in: store.all())
        let id = current.id, shown = Self.shown(current.id)
        if let record = current.password {
            guard let password = context.environment["BOXOFFICE_REVIEW_PASSWORD"] ?? PasswordPrompt.ask("Password for review \(shown): ") else {
                throw WrongPasswordError(id: shown, verb: verb, missing: true)
            }
            guard record.matches(password) else { throw WrongPasswordError(id: shown, verb: verb, missing: false) }
        }
        return try store.update { reviews -> (changed: Bool, result: Review) in
            guard let index = reviews.firstIndex(where: { $0.id == id }), reviews[index].password == current.password else {
                throw UnknownReviewError(id: shown)
            }
            if delete { return (true, reviews.remove(at: index)) }
            change(&reviews[index])
            return (true, reviews[index])
        }
    }

    private static func newPassword(_ context: CommandContext) throws -> String {
        if let password = context.environment["BOXOFFICE_REVIEW_PASSWORD"], !password.isEmpty { return password }
        guard let first = PasswordPrompt.ask("Password for the review: ") else {
            throw ReviewInputError(message: "--password needs a terminal to ask on, or BOXOFFICE_REVIEW_PASSWORD")
        }
        guard !first.isEmpty else { throw ReviewInputError(message: "the password is empty; nothing was added") }
        guard PasswordPrompt.ask("Again: ") == first else { throw ReviewInputError(message: "the two passwords differ; nothing was added") }
        return first
    }

    /// What is said of a review just added.
    static func added(_ review: Review) -> String {
        "added review \(review.id) of \(review.movieCode)\(review.password == nil ? "" : ", protected by its password")."
    }

    /// A field's problem in the command line's words: the field is its option.
    private static func usage(_ problem: ReviewEntryProblem) -> UsageError {
        UsageError(message: problem.message { "--" + $0.rawValue }, command: "review")
    }

    private static func rating(_ text: String?) throws(UsageError) -> Double? {
        do { return try ReviewEntry.rating(text) } catch { throw usage(error) }
    }

    private static func nickname(_ text: String?) throws(UsageError) -> String? {
        do { return try ReviewEntry.nickname(text) } catch { throw usage(error) }
    }

    private static func text(_ option: String?, words: ArraySlice<String>, command: String) throws(UsageError) -> String? {
        if option != nil, !words.isEmpty {
            throw UsageError(message: "give the review either as words or with --text, not both", command: command)
        }
        guard let raw = option ?? (words.isEmpty ? nil : words.joined(separator: " ")) else { return nil }
        return try checked(raw)
    }

    static func checked(_ raw: String) throws(UsageError) -> String {
        do { return try ReviewEntry.text(raw) } catch { throw usage(error) }
    }

    private static func movieCode(_ text: String) throws(UsageError) -> String {
        guard MovieCodeArgument.isCode(text) else {
            throw UsageError(message: "\(UsageError.quote(text)) is not a KOBIS movie code (8 characters, e.g. 20124079); 'boxoffice search TITLE' shows codes", command: "review")
        }
        return text.uppercased()
    }

    /// A review id as typed: one `review add` makes (8 hex digits, in any case), or any other text,
    /// which is checked against the store when the command runs (`review(_:in:)`).
    private static func id(_ text: String) throws(UsageError) -> String {
        guard !text.isEmpty else { throw notAnID(text) }
        return Review.isValidID(text.lowercased()) ? text.lowercased() : text
    }

    /// An id for a message: as it is when it is of the usual form, else quoted, cleaned of
    /// control characters and shortened, as it came from a file.
    private static func shown(_ id: String) -> String {
        Review.isValidID(id) ? id : UsageError.quote(TerminalText.clean(id))
    }

    private static func notAnID(_ text: String) -> UsageError {
        UsageError(message: "\(UsageError.quote(text)) is not a review id (8 hex digits, as 'boxoffice review list' shows)", command: "review")
    }

    /// The review `id` names: the one with exactly that id, else (for an id of the usual form) the
    /// one whose id differs only in case. A store written by an older boxoffice, or by hand, may
    /// hold ids of any form, and each can be edited and deleted.
    private static func review(_ id: String, in reviews: [Review]) throws -> Review {
        if let review = reviews.first(where: { $0.id == id }) { return review }
        guard Review.isValidID(id) else { throw notAnID(id) }
        guard let review = reviews.first(where: { $0.id.lowercased() == id }) else { throw UnknownReviewError(id: id) }
        return review
    }

    /// The review from stdin, when it is not a terminal (a file written in $EDITOR, piped in).
    private static func standardInputText() throws -> String {
        guard isatty(STDIN_FILENO) == 0 else {
            throw UsageError(message: "review add needs the review: as words after the movie code, with --text, or on stdin", command: "review")
        }
        guard let text = String(validating: readStandardInput(upTo: Review.longestText * 4), as: UTF8.self) else {
            throw UsageError(message: "the review on stdin is not UTF-8 text", command: "review")
        }
        return try checked(text)
    }

    /// stdin to its end, or until more than `limit` bytes have come.
    private static func readStandardInput(upTo limit: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while bytes.count <= limit {
            let count = read(STDIN_FILENO, &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += buffer[0..<count]
        }
        return bytes
    }

    private static func readImport(_ path: String) throws -> Data {
        if path == "-" {
            let bytes = readStandardInput(upTo: ReviewStore.importLimit)
            guard bytes.count <= ReviewStore.importLimit else {
                throw ReviewInputError(message: "stdin holds more than \(NumberFormat.bytes(ReviewStore.importLimit)), more than 'review import' reads")
            }
            return Data(bytes)
        }
        do {
            guard let data = try OwnFiles.readRegularFile(path, limit: ReviewStore.importLimit, followLink: true) else {
                throw ReviewInputError(message: "\(path) does not exist")
            }
            return data
        } catch let error as FileAccessError {
            throw ReviewInputError(message: "\(path) \(error.problem)")
        }
    }
}

/// No review has that id.
struct UnknownReviewError: Error {
    let id: String
}

/// A protected review's password was wrong or not given: nothing changed.
struct WrongPasswordError: Error {
    let id: String
    let verb: String
    let missing: Bool
}

/// What is wrong with one review of an import file, said after the review's place in it.

/// A review's input that cannot be used (an import file, a password that could not be asked for).
struct ReviewInputError: Error {
    let message: String
}
