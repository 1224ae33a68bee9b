import Foundation
import Testing

/// Reviews through the built binary: round trips, passwords, concurrent writers, a damaged
/// store, validation, export and import.
@Suite struct ReviewEndToEndTests {
    private func folder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-reviews-\(UUID().uuidString)")
    }

    private func run(_ arguments: [String], _ data: URL, password: String? = nil) async throws -> Executable.Result {
        var environment = ["BOXOFFICE_DATA_DIR": data.path]
        environment["BOXOFFICE_REVIEW_PASSWORD"] = password
        return try await Executable.run(["review"] + arguments, environment: environment)
    }

    private func list(_ data: URL) async throws -> [[String: Any]] {
        let result = try await run(["list", "--json"], data)
        return try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]])
    }

    @Test func addListEditAndDelete() async throws {
        let data = folder()
        defer { try? FileManager.default.removeItem(at: data) }
        let added = try await run(["add", "20124079", "--rating", "4.5", "--nickname", "민수", "이병헌의", "1인", "2역"], data)
        #expect(added.status == 0, "\(added.standardError)")
        #expect(added.standardError.hasPrefix("boxoffice: added review "))
        var reviews = try await list(data)
        #expect(reviews.count == 1)
        let id = try #require(reviews.first?["id"] as? String)
        #expect(reviews.first?["text"] as? String == "이병헌의 1인 2역")
        #expect(reviews.first?["rating"] as? Double == 4.5)
        #expect(reviews.first?["hasPassword"] as? Bool == false)
        let edited = try await run(["edit", id, "--rating", "5", "--text", "다시 봐도 좋다"], data)
        #expect(edited.status == 0)
        reviews = try await list(data)
        #expect(reviews.first?["rating"] as? Double == 5)
        #expect(reviews.first?["text"] as? String == "다시 봐도 좋다")
        #expect(reviews.first?["edited"] is String)
        let table = try await run(["list", "20124079"], data)
        #expect(table.standardOutput.hasPrefix("Reviews · 20124079 · ★ 5.0 from 1 review\n\nID        Movie     Rating     Nickname  Date        Review\n\(id)  20124079  ★★★★★ 5.0  민수      "))
        let deleted = try await run(["delete", id], data)
        #expect(deleted.status == 0)
        #expect(try await list(data).isEmpty)
        // Private files and folder.
        let attributes = try FileManager.default.attributesOfItem(atPath: data.appendingPathComponent("reviews.json").path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let unknown = try await run(["delete", id], data)
        #expect(unknown.status == 1)
        #expect(unknown.standardError.hasPrefix("boxoffice: there is no review \(id).\n"))
    }

    @Test func addingAndEditingShowTheMovieAverageOfAllItsReviews() async throws {
        let data = folder()
        defer { try? FileManager.default.removeItem(at: data) }
        let first = try await run(["add", "20124079", "--rating", "4", "--text", "좋다"], data)
        #expect(first.standardOutput.hasPrefix("Reviews · 20124079 · ★ 4.0 from 1 review\n\n"))
        _ = try await run(["add", "2024A603", "--rating", "1", "--text", "다른 영화"], data)
        let second = try await run(["add", "20124079", "--rating", "2", "--text", "별로"], data)
        #expect(second.standardOutput.hasPrefix("Reviews · 20124079 · ★ 3.0 from 2 reviews, 1 shown\n\n"), "\(second.standardOutput)")
        #expect(second.standardOutput.components(separatedBy: "\n").filter { $0.contains("20124079  ★") }.count == 1)
        let id = try #require(try await list(data).first { $0["text"] as? String == "별로" }?["id"] as? String)
        let edited = try await run(["edit", id, "--rating", "5"], data)
        #expect(edited.standardOutput.hasPrefix("Reviews · 20124079 · ★ 4.5 from 2 reviews, 1 shown\n\n"), "\(edited.standardOutput)")
        let json = try await run(["add", "20124079", "--rating", "3", "--text", "셋째", "--json"], data)
        #expect(try (JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [Any])?.count == 1, "the JSON is the review added")
    }

    @Test func aWrongPasswordChangesNothing() async throws {
        let data = folder()
        defer { try? FileManager.default.removeItem(at: data) }
        let added = try await run(["add", "20124079", "--rating", "3", "--password", "--text", "비밀번호가 있는 리뷰"], data, password: "s3cret")
        #expect(added.status == 0)
        let id = try #require(try await list(data).first?["id"] as? String)
        let stored = try String(contentsOf: data.appendingPathComponent("reviews.json"), encoding: .utf8)
        #expect(!stored.contains("s3cret"), "never the password")
        #expect(stored.contains("\"algorithm\": \"pbkdf2-sha256\"") && stored.contains("\"iterations\": 600000"))
        for attempt in [["delete", id], ["edit", id, "--rating", "5"]] {
            let wrong = try await run(attempt, data, password: "guess")
            #expect(wrong.status == 77)
            #expect(wrong.standardError.hasPrefix("boxoffice: the password of review \(id) does not match; nothing was"))
            let none = try await run(attempt, data)
            #expect(none.status == 77, "no password and no terminal to ask on")
        }
        #expect(try String(contentsOf: data.appendingPathComponent("reviews.json"), encoding: .utf8) == stored)
        let right = try await run(["delete", id], data, password: "s3cret")
        #expect(right.status == 0)
        #expect(try await list(data).isEmpty)
    }

    @Test func sixteenProcessesAddingAtOnceLoseNone() async throws {
        let data = folder()
        defer { try? FileManager.default.removeItem(at: data) }
        let statuses = try await withThrowingTaskGroup(of: Int32.self) { group in
            for number in 1...16 {
                group.addTask {
                    try await run(["add", "20124079", "--rating", "4", "--text", "review \(number)"], data).status
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(statuses == Array(repeating: 0, count: 16))
        let texts = Set(try await list(data).compactMap { $0["text"] as? String })
        #expect(texts == Set((1...16).map { "review \($0)" }))
    }

    @Test func aDamagedStoreIsReportedAndNeverOverwritten() async throws {
        let data = folder()
        defer { try? FileManager.default.removeItem(at: data) }
        _ = try await run(["add", "20124079", "--rating", "4", "--text", "첫 리뷰"], data)
        let file = data.appendingPathComponent("reviews.json")
        let whole = try Data(contentsOf: file)
        let cut = whole.prefix(whole.count / 2)
        try cut.write(to: file)
        for arguments in [["add", "20124079", "--rating", "2", "--text", "둘째"], ["list"], ["export"]] {
            let result = try await run(arguments, data)
            #expect(result.status == 1)
            #expect(result.standardError.hasPrefix("boxoffice: the reviews in \(file.path) cannot be read: it is not a whole reviews file (cut short, or edited by hand); it is left as it is.\n"))
        }
        #expect(try Data(contentsOf: file) == cut)
    }

    /// A store written before import checked ids (or edited by hand) may hold ids of any form:
    /// each is listed so that it can be typed, and edit and delete accept it.
    @Test func anyIdInTheStoreCanBeEditedAndDeleted() async throws {
        let data = folder()
        defer { try? FileManager.default.removeItem(at: data) }
        _ = try await run(["add", "20124079", "--rating", "4", "--text", "첫 리뷰"], data)
        _ = try await run(["add", "20124079", "--rating", "3", "--text", "둘째"], data)
        let file = data.appendingPathComponent("reviews.json")
        var text = try String(contentsOf: file, encoding: .utf8)
        let ids = try await list(data).compactMap { $0["id"] as? String }
        try #require(ids.count == 2)
        text = text.replacingOccurrences(of: "\"\(ids[0])\"", with: "\"legacy-7\"").replacingOccurrences(of: "\"\(ids[1])\"", with: "\"0A1B2C3D\"")
        try text.write(to: file, atomically: false, encoding: .utf8)

        let table = try await run(["list"], data)
        #expect(table.standardOutput.contains("\nlegacy-7  "), "\(table.standardOutput)")
        let edited = try await run(["edit", "legacy-7", "--rating", "5"], data)
        #expect(edited.status == 0, "\(edited.standardError)")
        #expect(edited.standardError == "boxoffice: changed review 'legacy-7'.\n")
        let reviews = try await list(data)
        #expect(reviews.map { $0["id"] as? String } == ["legacy-7", "0A1B2C3D"], "the edited review keeps its id")
        #expect(reviews.first?["rating"] as? Double == 5)

        let deleted = try await run(["delete", "0a1b2c3d"], data)
        #expect(deleted.status == 0, "\(deleted.standardError)")
        #expect(deleted.standardError == "boxoffice: deleted review '0A1B2C3D' of 20124079.\n")
        let notAnID = try await run(["delete", "legacy-8"], data)
        #expect(notAnID.status == 64)
        #expect(notAnID.standardError.hasPrefix("boxoffice: 'legacy-8' is not a review id (8 hex digits, as 'boxoffice review list' shows).\n"))
        let missing = try await run(["delete", "0a1b2c3d"], data)
        #expect(missing.status == 1)
        #expect(missing.standardError.hasPrefix("boxoffice: there is no review 0a1b2c3d.\n"))
        #expect(try await list(data).map { $0["id"] as? String } == ["legacy-7"])
    }

    @Test func aFolderOrAnOversizedFileIsNamedInWords() async throws {
        let data = folder()
        defer { try? FileManager.default.removeItem(at: data) }
        let store = data.appendingPathComponent("reviews.json")
        try FileManager.default.createDirectory(at: store, withIntermediateDirectories: true)
        let listed = try await run(["list"], data)
        #expect(listed.status == 1)
        #expect(listed.standardError.hasPrefix("boxoffice: the reviews at \(store.path) cannot be used: it is a folder, not a file.\n"))
        let big = data.appendingPathComponent("big.json")
        #expect(FileManager.default.createFile(atPath: big.path, contents: nil))
        let handle = try FileHandle(forWritingTo: big)
        try handle.truncate(atOffset: 64 << 20 + 1)
        try handle.close()
        let imported = try await run(["import", big.path], data.appendingPathComponent("other"))
        #expect(imported.status == 1)
        #expect(imported.standardError == "boxoffice: \(big.path) is larger than 64 MiB.\n")
        let folderImport = try await run(["import", data.path], data.appendingPathComponent("other"))
        #expect(folderImport.standardError == "boxoffice: \(data.path) is a folder, not a file.\n")
    }

    @Test(arguments: [
        (["add", "20124079", "--rating", "6", "--text", "x"], "--rating '6' is not a rating from 0.5 to 5 in steps of 0.5 (e.g. 3.5)"),
        (["add", "20124079", "--rating", "3.3", "--text", "x"], "--rating '3.3' is not a rating from 0.5 to 5 in steps of 0.5 (e.g. 3.5)"),
        (["add", "20124079", "--rating", "0", "--text", "x"], "--rating '0' is not a rating from 0.5 to 5 in steps of 0.5 (e.g. 3.5)"),
        (["add", "20124079", "--rating", "nan", "--text", "x"], "--rating 'nan' is not a rating from 0.5 to 5 in steps of 0.5 (e.g. 3.5)"),
        (["add", "20124079", "--rating", "4", "--text", "  "], "the review is empty"),
        (["add", "1234", "--rating", "4", "--text", "x"], "'1234' is not a KOBIS movie code (8 characters, e.g. 20124079); 'boxoffice search TITLE' shows codes"),
        (["add", "20124079", "--text", "x"], "review add needs --rating R, from 0.5 to 5 in steps of 0.5"),
        (["add", "20124079", "--rating", "4", "--text", "x", "more"], "give the review either as words or with --text, not both"),
        (["delete", "zz"], "'zz' is not a review id (8 hex digits, as 'boxoffice review list' shows)"),
        (["remove", "1"], "unknown review action 'remove'; use add, list, edit, delete, export or import"),
        (["dlete", "1"], "unknown review action 'dlete'; use add, list, edit, delete, export or import. Did you mean 'delete'?"),
        (["edit", "0a0a0a0a"], "review edit needs something to change: --rating, --nickname, --text or new words"),
        (["list", "--password"], "--password applies to 'review add'; edit and delete ask for a review's password when it has one"),
        (["export", "--format", "csv"], "review export writes only the JSON that 'review import' reads, not --format csv; 'boxoffice review list --format csv' lists the reviews that way"),
        (["export", "--format", "jsonl"], "review export writes only the JSON that 'review import' reads, not --format jsonl; 'boxoffice review list --format jsonl' lists the reviews that way"),
        (["export", "--fields", "id"], "review export writes every field, so that 'review import' can read it back; 'boxoffice review list --fields …' lists only some"),
    ] as [([String], String)])
    func badInputExits64AndWritesNothing(arguments: [String], message: String) async throws {
        let data = folder()
        defer { try? FileManager.default.removeItem(at: data) }
        let result = try await run(arguments, data)
        #expect(result.status == 64)
        #expect(result.standardError.hasPrefix("boxoffice: \(message)\(message.hasSuffix("?") ? "" : ".")\n"))
        #expect(!FileManager.default.fileExists(atPath: data.appendingPathComponent("reviews.json").path))
    }

    @Test func exportAndImportMoveReviewsAndSkipThoseAlreadyThere() async throws {
        let first = folder(), second = folder()
        defer {
            try? FileManager.default.removeItem(at: first)
            try? FileManager.default.removeItem(at: second)
        }
        _ = try await run(["add", "20124079", "--rating", "4", "--text", "하나"], first)
        _ = try await run(["add", "2024A603", "--rating", "2.5", "--password", "--text", "둘"], first, password: "pw")
        let exported = try await run(["export"], first)
        let file = first.appendingPathComponent("export.json")
        try exported.standardOutput.write(to: file, atomically: true, encoding: .utf8)
        #expect(!exported.standardOutput.contains("\"pw\""))
        // Version 2: the keys and times of 'review list --json', the password as its hash record.
        let document = try #require(try JSONSerialization.jsonObject(with: Data(exported.standardOutput.utf8)) as? [String: Any])
        #expect(document["version"] as? Int == 2)
        let records = try #require(document["reviews"] as? [[String: Any]])
        let listed = try await list(first)
        #expect(records.map { $0["created"] as? String } == listed.reversed().map { $0["created"] as? String })
        #expect(records.allSatisfy { ($0["created"] as? String)?.hasSuffix("+09:00") == true })
        #expect(records.map { Set($0.keys) } == Array(repeating: ["id", "movieCode", "rating", "nickname", "text", "created", "edited", "password"], count: 2))
        let imported = try await run(["import", file.path], second)
        #expect(imported.standardError == "boxoffice: imported 2 reviews; 0 already present were skipped.\n")
        let again = try await run(["import", file.path], second)
        #expect(again.standardError == "boxoffice: imported 0 reviews; 2 already present were skipped.\n")
        #expect(try await list(second).count == 2)
        // The password came along as its hash: the review is still protected.
        let protected = try #require(try await list(second).first { $0["movieCode"] as? String == "2024A603" }?["id"] as? String)
        #expect(try await run(["delete", protected], second, password: "wrong").status == 77)
        #expect(try await run(["delete", protected], second, password: "pw").status == 0)
        let junk = second.appendingPathComponent("junk.json")
        try "{\"not\": \"reviews\"}".write(to: junk, atomically: true, encoding: .utf8)
        let refused = try await run(["import", junk.path], second)
        #expect(refused.status == 1)
        #expect(refused.standardError.hasPrefix("boxoffice: \(junk.path) is not a file written by 'boxoffice review export'.\n"))
    }

    @Test func anExportOfAnEarlierVersionStillImports() async throws {
        let data = folder()
        defer { try? FileManager.default.removeItem(at: data) }
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        let file = data.appendingPathComponent("old.json")
        try #"{"version":1,"reviews":[{"id":"0a1b2c3d","movieCode":"20124079","rating":3.5,"nickname":null,"text":"옛 형식","created":1700000000,"edited":1700000060,"password":null}]}"#
            .write(to: file, atomically: true, encoding: .utf8)
        let imported = try await run(["import", file.path], data)
        #expect(imported.status == 0, "\(imported.standardError)")
        let reviews = try await list(data)
        #expect(reviews.count == 1)
        #expect(reviews.first?["created"] as? String == "2023-11-15T07:13:20+09:00")
        #expect(reviews.first?["edited"] as? String == "2023-11-15T07:14:20+09:00")
        // Exported again, it is version 2 with the same times, and imports as the same review.
        let exported = try await run(["export"], data)
        #expect(exported.standardOutput.contains("\"created\": \"2023-11-15T07:13:20+09:00\""))
        let again = data.appendingPathComponent("again")
        let newFile = data.appendingPathComponent("new.json")
        try exported.standardOutput.write(to: newFile, atomically: true, encoding: .utf8)
        #expect(try await run(["import", newFile.path], again).status == 0)
        #expect(try await run(["list", "--json"], again).standardOutput == (try await run(["list", "--json"], data)).standardOutput)
    }

    /// One field of the second review of an otherwise good export replaced, and what import says.
    @Test(arguments: [
        ("id", #""\#(String(repeating: "a", count: 5000))""#, "review 2 in FILE: its id is not 8 hex digits"),
        ("id", #""3f2a9c1""#, "review 2 in FILE: its id is not 8 hex digits"),
        ("id", #""0A1B2C3D""#, "reviews 1 and 2 in FILE have the same id, 0a1b2c3d"),
        ("movieCode", #""1234""#, "review 2 in FILE (id 0b0b0b0b): its movie code is not a KOBIS movie code (8 characters, e.g. 20124079)"),
        ("rating", "7", "review 2 in FILE (id 0b0b0b0b): its rating is not one from 0.5 to 5 in steps of 0.5"),
        ("rating", "3.3", "review 2 in FILE (id 0b0b0b0b): its rating is not one from 0.5 to 5 in steps of 0.5"),
        ("nickname", #"" ""#, "review 2 in FILE (id 0b0b0b0b): its nickname is not a name of 1 to 40 characters"),
        ("nickname", #""\#(String(repeating: "가", count: 41))""#, "review 2 in FILE (id 0b0b0b0b): its nickname is not a name of 1 to 40 characters"),
        ("text", #"" \n ""#, "review 2 in FILE (id 0b0b0b0b): its text is empty"),
        ("text", #""\#(String(repeating: "x", count: 10_001))""#, "review 2 in FILE (id 0b0b0b0b): its text is longer than 10,000 characters"),
        ("created", #""yesterday""#, "review 2 in FILE: its created time is not one such as 2026-11-23T18:05:00+09:00"),
        ("created", #""2023-02-30T10:00:00+09:00""#, "review 2 in FILE: its created time is not one such as 2026-11-23T18:05:00+09:00"),
        ("created", "-1", "review 2 in FILE (id 0b0b0b0b): its created time is before 1970 or in the future"),
        ("edited", #""9999-01-01T00:00:00Z""#, "review 2 in FILE (id 0b0b0b0b): its edited time is before 1970 or in the future"),
        ("password", #"{"algorithm":"md5","iterations":1,"salt":"00","hash":"00"}"#,
         "review 2 in FILE (id 0b0b0b0b): its password is not a record this boxoffice can check (pbkdf2-sha256, a hex salt, a 32-byte hex hash)"),
        ("password", #"{"algorithm":"pbkdf2-sha256","iterations":600000,"salt":"zz","hash":"00"}"#,
         "review 2 in FILE (id 0b0b0b0b): its password is not a record this boxoffice can check (pbkdf2-sha256, a hex salt, a 32-byte hex hash)"),
    ] as [(String, String, String)])
    func anImportWithAMalformedFieldWritesNothing(field: String, value: String, message: String) async throws {
        let data = folder()
        defer { try? FileManager.default.removeItem(at: data) }
        _ = try await run(["add", "20124079", "--rating", "4", "--text", "있던 리뷰"], data)
        let store = data.appendingPathComponent("reviews.json")
        let before = try Data(contentsOf: store)
        var second: [(String, String)] = [("id", #""0b0b0b0b""#), ("movieCode", #""20124079""#), ("rating", "2.5"), ("nickname", "null"),
                                          ("text", #""둘째""#), ("created", #""2025-01-02T03:04:05+09:00""#), ("edited", "null"), ("password", "null")]
        second[try #require(second.firstIndex { $0.0 == field })].1 = value
        let text = #"{"version":2,"reviews":[{"id":"0a1b2c3d","movieCode":"20124079","rating":3.5,"nickname":null,"text":"첫째","created":"2025-01-01T00:00:00+09:00","edited":null,"password":null},{"#
            + second.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}]}"
        let file = data.appendingPathComponent("import.json")
        try text.write(to: file, atomically: true, encoding: .utf8)
        let result = try await run(["import", file.path], data)
        #expect(result.status == 1)
        #expect(result.standardError == "boxoffice: \(message.replacing("FILE", with: file.path)); nothing was imported.\n")
        #expect(try Data(contentsOf: store) == before, "nothing written")
    }

    @Test func aMovieShowsItsReviews() async throws {
        let data = folder()
        defer { try? FileManager.default.removeItem(at: data) }
        for (rating, text) in [("4", "좋다"), ("5", "최고"), ("3", "보통"), ("4.5", "재밌다")] {
            _ = try await run(["add", "20124079", "--rating", rating, "--text", text], data)
        }
        let movie = try await Executable.run(["--demo", "movie", "20124079"], environment: ["BOXOFFICE_DATA_DIR": data.path])
        #expect(movie.status == 0)
        #expect(movie.standardOutput.contains("\nReviews · ★ 4.1 from 4 reviews\n"))
        #expect(movie.standardOutput.hasSuffix("  … 'boxoffice review list 20124079' shows all 4\n"))
        let json = try await Executable.run(["--demo", "movie", "20124079", "--json"], environment: ["BOXOFFICE_DATA_DIR": data.path])
        #expect(!json.standardOutput.contains("최고"), "the movie's JSON keeps the contract's keys")
    }
}
