@testable import BoxOfficeArguments
@testable import BoxOfficeCLI
@testable import BoxOfficeSamples
import BoxOfficeCore
import Foundation
import Testing

/// Every accepted form of the command line, and every rejection with its exit code.
@Suite struct ArgumentParsingTests {
    let today = Day(year: 2026, month: 11, day: 22)!

    private func invocation(_ arguments: [String], environment: [String: String] = [:]) throws -> Invocation {
        try Invocation(try ArgumentParser().parse(arguments), environment: environment, today: today)
    }

    /// The command the arguments select, as its own type.
    private func command<C: BoxOfficeCommand>(_ arguments: [String], as type: C.Type) throws -> C? {
        guard case let .run(command) = try invocation(arguments).command else { return nil }
        return command as? C
    }

    @Test(arguments: [
        (["daily"], nil),
        (["daily", "--date", "20230327"], "2023-03-27"),
        (["daily", "--date", "2023-03-27"], "2023-03-27"),
        (["daily", "--date=2023-03-27"], "2023-03-27"),
        (["daily", "--date", "yesterday"], "2026-11-21"),
        (["daily", "--date", "Yesterday"], "2026-11-21"),
        (["daily", "--date", "-1d"], "2026-11-21"),
        (["daily", "--date", "-30d"], "2026-10-23"),
        (["--date", "20240229", "daily"], "2024-02-29"),
    ] as [([String], String?)])
    func acceptsDates(arguments: [String], day: String?) throws {
        let daily = try #require(try command(arguments, as: DailyRequest.self))
        #expect(daily.day == day.flatMap(Day.init))
    }

    /// One reader of dates everywhere: the forms people write, Korean ones included.
    @Test func readsDatesAsTheyAreWritten() throws {
        let today = try #require(Day(year: 2026, month: 11, day: 25))
        let day = try #require(Day(year: 2023, month: 4, day: 23))
        for text in ["20230423", "2023-04-23", "2023-4-23", "2023.04.23", "2023.4.23", "2023. 4. 23.", "2023.04.23.", "2023/04/23", "2023/4/23", " 2023-04-23 "] {
            #expect(try DateArgument.day(text, today: today, option: "--date") == day, "\(text)")
        }
        for text in ["2023", "2023-04", "23-04-23", "2023-04-23-01", "2023–04–23", "2023_04_23", "2023-04-230", "２０２３-04-23"] {
            #expect(throws: UsageError.self, "\(text)") { try DateArgument.day(text, today: today, option: "--date") }
        }
        for (text, iso) in [("2023년 4월 23일", "2023-04-23"), ("2023년4월23일", "2023-04-23"), (" 2023년 04월 23일 ", "2023-04-23"),
                            ("어제", "2026-11-24"), ("그제", "2026-11-23"), ("그저께", "2026-11-23"), ("오늘", "2026-11-25"),
                            ("3일 전", "2026-11-22"), ("3일전", "2026-11-22"),
                            // A month and day alone: this year's, or last year's while this year's is to come.
                            ("4월 23일", "2026-04-23"), ("11월 25일", "2026-11-25"), ("11월 26일", "2025-11-26"), ("12월 31일", "2025-12-31"),
                            ("2월 29일", "2024-02-29")] {
            #expect(try DateArgument.day(text, today: today, option: "--date") == Day(iso), "\(text)")
        }
        for (text, message) in [("2023년 2월 30일", "--date '2023년 2월 30일' is not a real date"), ("13월 1일", "--date '13월 1일' is not a real date"),
                                ("2023년 4월", "--date '2023년 4월' is not a date: use 20230327, 2023-03-27, 2023.03.27, 2023년 3월 27일, yesterday, 어제 or -Nd"),
                                ("23년 4월 23일", "--date '23년 4월 23일' is not a date: use 20230327, 2023-03-27, 2023.03.27, 2023년 3월 27일, yesterday, 어제 or -Nd"),
                                ("4월 123일", "--date '4월 123일' is not a date: use 20230327, 2023-03-27, 2023.03.27, 2023년 3월 27일, yesterday, 어제 or -Nd"),
                                ("내일", "--date '내일' is not a date: use 20230327, 2023-03-27, 2023.03.27, 2023년 3월 27일, yesterday, 어제 or -Nd")] {
            #expect(throws: UsageError(message: message), "\(text)") { try DateArgument.day(text, today: today, option: "--date") }
        }
        for text in ["2023-04", "202304", "2023.4", "2023/04", "2023-4", "2023. 4.", "2023년 4월", "2023년4월", " 2023년 04월 "] {
            #expect(try MonthArgument.parse(text, today: today, command: "calendar") == (2023, 4), "\(text)")
        }
        // A day where a month is asked is its month; a month alone the latest such month not in the future.
        for text in ["2023-04-23", "20230423", "2023년 4월 23일"] {
            #expect(try MonthArgument.parse(text, today: today, command: "calendar") == (2023, 4), "\(text)")
        }
        #expect(try MonthArgument.parse("4월", today: today, command: "calendar") == (today.month >= 4 ? today.year : today.year - 1, 4))
        #expect(try MonthArgument.parse("12월", today: Day(year: 2026, month: 11, day: 1)!, command: "calendar") == (2025, 12))
        for text in ["23년 4월", "2023년 13월", "2023년", "13월", "2023-04-23-01"] {
            #expect(throws: UsageError(message: "\(UsageError.quote(text)) is not a month; write it as 2023-04", command: "calendar"), "\(text)") {
                try MonthArgument.parse(text, today: today, command: "calendar")
            }
        }
    }

    @Test func acceptsMovieCodes() throws {
        #expect(try command(["movie", "20124079"], as: MovieRequest.self)?.target == .code("20124079"))
        #expect(try command(["movie", "2024a603"], as: MovieRequest.self)?.target == .code("2024A603"))
        #expect(try command(["--json", "movie", "--", "20124079"], as: MovieRequest.self)?.target == .code("20124079"))
        // Anything else is a title to look up, NFD input composed, words joined.
        #expect(try command(["movie", "1987"], as: MovieRequest.self)?.target == .title("1987"))
        #expect(try command(["movie", "2012407９"], as: MovieRequest.self)?.target == .title("2012407９"))
        #expect(try command(["movie", "\u{1100}\u{1175}\u{1109}\u{1162}\u{11BC}\u{110E}\u{116E}\u{11BC}"], as: MovieRequest.self)?.target == .title("기생충"))
        #expect(try command(["movie", "범죄와의", "전쟁"], as: MovieRequest.self)?.target == .title("범죄와의 전쟁"))
    }

    /// `--exec` takes a program and its words to `;`, as find -exec does: the program's own `-h`,
    /// `--json` or `--help` are its, not ours; `--target` may be given again and again.
    @Test func execTakesItsProgramsWordsToTheSemicolon() throws {
        let parsed = try ArgumentParser().parse(["watch", "--exec", "grep", "-h", "--json", "x", ";", "--target", "보스=300만", "--target", "20243561=1000000", "--json"])
        #expect(parsed.command == "watch" && !parsed.has("help"))
        #expect(parsed.lists["exec"] == ["grep", "-h", "--json", "x"])
        #expect(parsed.lists["target"] == ["보스=300만", "20243561=1000000"])
        #expect(parsed.has("json"))
        #expect(throws: UsageError.self) { try ArgumentParser().parse(["watch", "--exec", "grep", "x"]) }
        #expect(throws: UsageError.self) { try ArgumentParser().parse(["watch", "--exec", ";"]) }
        #expect(try ArgumentParser().parse(["watch", "--help"]).has("help"))
    }

    @Test func acceptsGlobalOptionsBeforeOrAfterTheCommand() throws {
        let before = try invocation(["--json", "--key", "K", "--timeout", "2.5", "--verbose", "daily"])
        let after = try invocation(["daily", "--json", "--key=K", "--timeout=2.5", "--verbose"])
        #expect(before == after)
        #expect(before.format == .json)
        #expect(before.keyOption == "K")
        #expect(before.timeout == 2.5)
        #expect(before.verbosity == .verbose)
        #expect(try invocation(["daily", "--format", "JSON"]).format == .json)
        #expect(try invocation(["daily", "--format", "table"]).format == .table)
        #expect(try invocation(["daily", "--quiet"]).verbosity == .quiet)
    }

    @Test func readsSettingsFromTheEnvironment() throws {
        let plain = try invocation(["daily"], environment: ["BOXOFFICE_DEMO": "1", "BOXOFFICE_BASE_URL": "http://127.0.0.1:8080"])
        #expect(plain.demo)
        #expect(plain.baseURL?.absoluteString == "http://127.0.0.1:8080")
        #expect(try invocation(["daily"], environment: ["BOXOFFICE_DEMO": "0"]).demo == false)
        #expect(try invocation(["daily", "--base-url", "https://a.example"], environment: ["BOXOFFICE_BASE_URL": "http://b"]).baseURL?.host == "a.example")
    }

    /// BOXOFFICE_DEMO and BOXOFFICE_AMBIGUOUS_WIDE are on or off, never silently off for a value
    /// they do not know.
    @Test(arguments: [("BOXOFFICE_DEMO", \Invocation.demo), ("BOXOFFICE_AMBIGUOUS_WIDE", \Invocation.ambiguousWide)] as [(String, KeyPath<Invocation, Bool> & Sendable)])
    func switchVariablesAreOnOffOrRefused(variable: String, setting: KeyPath<Invocation, Bool> & Sendable) throws {
        for value in ["1", "true", "YES", "on"] {
            #expect(try invocation(["daily"], environment: [variable: value])[keyPath: setting], "\(value)")
        }
        for value in ["", "0", "false", "No", "off"] {
            #expect(try invocation(["daily"], environment: [variable: value])[keyPath: setting] == false, "\(value)")
        }
        for value in ["maybe", "2", " 1"] {
            let error = #expect(throws: UsageError.self) { try invocation(["daily"], environment: [variable: value]) }
            #expect(error?.message == "\(variable) '\(value)' is neither on (1, true, yes or on) nor off (0, false, no, off or empty)")
        }
    }

    @Test func colorFollowsFlagsThenEnvironment() throws {
        #expect(try invocation(["daily"]).color == .auto)
        #expect(try invocation(["daily", "--no-color"]).color == .never)
        #expect(try invocation(["daily"], environment: ["NO_COLOR": "1"]).color == .never)
        #expect(try invocation(["daily"], environment: ["NO_COLOR": ""]).color == .auto)
        #expect(try invocation(["daily"], environment: ["CLICOLOR_FORCE": "1"]).color == .always)
        #expect(try invocation(["daily", "--color", "always"], environment: ["NO_COLOR": "1"]).color == .always)
        #expect(try invocation(["daily", "--color=never"], environment: ["CLICOLOR_FORCE": "1"]).color == .never)
    }

    @Test func helpAndVersion() throws {
        #expect(try invocation(["--help"]).command == .help(command: nil))
        #expect(try invocation(["-h"]).command == .help(command: nil))
        #expect(try invocation(["help"]).command == .help(command: nil))
        #expect(try invocation(["help", "daily"]).command == .help(command: "daily"))
        #expect(try invocation(["daily", "--help"]).command == .help(command: "daily"))
        #expect(try invocation(["movie", "-h", "--date", "nonsense"]).command == .help(command: "movie"))
        #expect(try invocation(["--version"]).command == .version)
        #expect(try invocation(["help", "caching"]).command == .topic("caching"))
        #expect(try invocation(["help", "cache"]).command == .help(command: "cache"), "a command's name is its help, not a topic")
    }

    @Test(arguments: [
        (["--json"], "no command given; the commands are daily, weekly, movie, search, people, company, trend, top, records, news, watch, calendar, history, sql, browse, codes, review, mcp, cache, completions, manual, help"),
        (["daily", "--date", "20230101", "--date", "20230102"], "--date is given twice ('20230101' and '20230102'); give it once"),
        (["daily", "20220105"], "unexpected argument '20220105' for 'daily'; did you mean '--date 20220105'?"),
        (["daily", "yesterday"], "unexpected argument 'yesterday' for 'daily'; did you mean '--date yesterday'?"),
        (["weekly", "weekend"], "unexpected argument 'weekend' for 'weekly'; did you mean '--period weekend'?"),
        (["daily", "multi"], "unexpected argument 'multi' for 'daily'; did you mean '--multi'?"),
        (["daily", "--date", "-3"], "--date '-3' is not a date; did you mean '-3d' (3 days ago)?"),
        (["daily", "--perod", "week"], "unknown option '--perod'. Did you mean '--period' (an option of 'weekly')?"),
        (["weekly", "--perod", "week"], "unknown option '--perod'. Did you mean '--period'?"),
        (["daily", "--format", "jsn"], "--format 'jsn' is not one of: table, json, jsonl, csv, tsv, markdown, html. Did you mean 'json'?"),
        (["daily", "--color", "allways"], "--color 'allways' is not one of: auto, always, never. Did you mean 'always'?"),
        (["completions"], "completions needs a shell: bash, zsh or fish"),
        (["completions", "zssh"], "unknown shell 'zssh'; completions are made for bash, zsh and fish. Did you mean 'zsh'?"),
        (["manual", "now"], "unexpected argument 'now' for 'manual'"),
        (["dayly"], "unknown command 'dayly'. Did you mean 'daily'?"),
        (["help", "cachng"], "there is no command or help topic 'cachng'. Did you mean 'caching'?"),
        (["help", "dayly"], "there is no command or help topic 'dayly'. Did you mean 'daily'?"),
        (["help", "nonsense"], "there is no command or help topic 'nonsense'; 'boxoffice help' lists the commands and topics"),
        (["help", "daily", "weekly"], "help takes one command or topic name"),
        (["monthly"], "unknown command 'monthly'"),
        (["daily", "--dat", "1"], "unknown option '--dat'. Did you mean '--date'?"),
        (["daily", "--jsno"], "unknown option '--jsno'. Did you mean '--json'?"),
        (["daily", "-x"], "unknown option '-x'"),
        (["-v"], "unknown option '-v'. Did you mean '--verbose' or '--version'?"),
        (["daily", "-d", "20230101"], "unknown option '-d'. Did you mean '--date' or '--deep'?"),
        (["-d"], "unknown option '-d'. Did you mean '--demo' or '--data-dir'?"),
        (["top", "-Y", "2023"], "unknown option '-Y'. Did you mean '--year'?"),
        (["daily", "--date"], "option --date D needs a value"),
        (["daily", "--date", "--json"], "option --date D needs a value"),
        (["daily", "--json=yes"], "option --json takes no value"),
        (["--date", "20230101"], "option --date needs a command, e.g. 'boxoffice daily --date …'"),
        (["--demo", "--date", "20230101", "movie", "20124079"], "option --date does not apply to 'movie'"),
        (["daily", "extra"], "unexpected argument 'extra' for 'daily'"),
        (["daily", "--date", "20230230"], "--date '20230230' is not a real date"),
        (["daily", "--date", "2023-13-01"], "--date '2023-13-01' is not a real date"),
        (["daily", "--date", "2023327"], "--date '2023327' is not a date: use 20230327, 2023-03-27, 2023.03.27, 2023년 3월 27일, yesterday, 어제 or -Nd"),
        (["daily", "--date", "2023/03/32"], "--date '2023/03/32' is not a real date"),
        (["daily", "--date", "2023.3..27"], "--date '2023.3..27' is not a date: use 20230327, 2023-03-27, 2023.03.27, 2023년 3월 27일, yesterday, 어제 or -Nd"),
        (["daily", "--date", "23.03.27"], "--date '23.03.27' is not a date: use 20230327, 2023-03-27, 2023.03.27, 2023년 3월 27일, yesterday, 어제 or -Nd"),
        (["daily", "--date", "2023-003-27"], "--date '2023-003-27' is not a date: use 20230327, 2023-03-27, 2023.03.27, 2023년 3월 27일, yesterday, 어제 or -Nd"),
        (["daily", "--date", "2023-0327-"], "--date '2023-0327-' is not a date: use 20230327, 2023-03-27, 2023.03.27, 2023년 3월 27일, yesterday, 어제 or -Nd"),
        (["daily", "--date", "-d"], "--date '-d' is not a date: write -Nd for N days ago, e.g. -3d"),
        (["daily", "--date", "-xd"], "--date '-xd' is not a date: write -Nd for N days ago, e.g. -3d"),
        (["daily", "--date", "--json"], "option --date D needs a value"),
        (["daily", "--timeout", "-inf"], "--timeout '-inf' is not a number of seconds from 0.01 to 3,600"),
        (["daily", "--date", "-99999999d"], "--date '-99999999d' is not a date: write -Nd for N days ago, e.g. -3d"),
        (["daily", "--date", "today"], "--date 2026-11-22 is today in Korea; KOBIS publishes a day's box office only after it ends. Try 'yesterday'."),
        (["daily", "--date", "-0d"], "--date 2026-11-22 is today in Korea; KOBIS publishes a day's box office only after it ends. Try 'yesterday'."),
        (["daily", "--date", "20261123"], "--date 2026-11-23 is in the future (today in Korea is 2026-11-22)."),
        (["movie"], "movie needs a movie code or title, e.g. 'boxoffice movie 20124079'"),
        (["movie", " "], "movie needs a movie code or title, e.g. 'boxoffice movie 20124079'"),
        (["daily", "--format", "xml"], "--format 'xml' is not one of: table, json, jsonl, csv, tsv, markdown, html"),
        (["daily", "--json", "--format", "csv"], "--json and --format csv cannot be used together (--json is --format json)"),
        (["daily", "--pretty", "--compact"], "--pretty and --compact cannot be used together"),
        (["daily", "--no-color", "--color", "always"], "--no-color and --color always cannot be used together"),
        (["daily", "--fields", "rank,,title"], "--fields 'rank,,title' needs field names separated by commas, e.g. --fields rank,title,audience"),
        (["daily", "--fields", "rank,rank"], "--fields names 'rank' twice"),
        (["daily", "--color", "sometimes"], "--color 'sometimes' is not one of: auto, always, never"),
        (["daily", "--timeout", "0"], "--timeout '0' is not a number of seconds from 0.01 to 3,600"),
        (["daily", "--timeout", "1e-300"], "--timeout '1e-300' is not a number of seconds from 0.01 to 3,600"),
        (["daily", "--timeout", "soon"], "--timeout 'soon' is not a number of seconds from 0.01 to 3,600"),
        (["daily", "--refresh", "--offline"], "--refresh and --offline cannot be used together"),
        (["cache"], "cache needs an action: 'cache info' or 'cache clear'"),
        (["cache", "info", "extra"], "unexpected argument 'extra' for 'cache'"),
        (["daily", "--base-url", "ftp://x"], "--base-url 'ftp://x' is not an http(s) server address such as https://www.kobis.or.kr"),
        (["daily", "--base-url", "kobis.or.kr"], "--base-url 'kobis.or.kr' is not an http(s) server address such as https://www.kobis.or.kr"),
        (["daily", "--verbose", "--quiet"], "--verbose and --quiet cannot be used together"),
        (["help", "dialy"], "there is no command or help topic 'dialy'. Did you mean 'daily'?"),
        (["weekly", "--period", "weeknd"], "--period 'weeknd' is not one of: week, weekend, weekdays. Did you mean 'weekend'?"),
        (["weekly", "--date", "tomorrow"], "--date 'tomorrow' is not a date: use 20230327, 2023-03-27, 2023.03.27, 2023년 3월 27일, yesterday, 어제 or -Nd"),
        (["daily", "--nation", "korea"], "--nation 'korea' is not one of: korean, foreign. Did you mean 'korean'?"),
        (["daily", "--multi", "--commercial"], "--multi and --commercial cannot be used together (a film is one or the other); leave both out for all films"),
        (["weekly", "--region", " "], "--region needs a region name or code, e.g. --region 서울"),
        (["search"], "search needs a title or --director, e.g. 'boxoffice search 기생충'"),
        (["search", "x", "--page", "0"], "--page '0' is not a whole number from 1 to 100,000"),
        (["search", "x", "--year", "99"], "--year '99' is not a whole number from 1,900 to 9,999"),
        (["search", "x", "--all", "--page", "2"], "--all and --page cannot be used together (--all fetches every page)"),
        (["search", "x", "--all", "--raw"], "--raw prints one KOBIS answer; use --page N with --raw instead of --all"),
        (["search", "--director", ""], "--director needs a name, e.g. --director 봉준호"),
        (["people", "10031641", "--page", "2"], "--page applies to a search by name, not to a people code"),
        (["company"], "company needs a name or a company code, e.g. 'boxoffice company 쇼박스'"),
        (["codes", "regoins"], "unknown code table 'regoins'; the tables are regions, nations, types, parts, or give a KOBIS comCode (digits). Did you mean 'regions'?"),
        (["codes", "genres"], "KOBIS publishes no code table of genres that boxoffice knows of; the tables are regions, nations, types, parts (genres appear by name in 'search' and 'movie')"),
        (["codes", "regions", "nations"], "unexpected argument 'nations' for 'codes'"),
        (["cache", "info", "--raw"], "option --raw does not apply to 'cache'"),
        (["daily", "--raw", "--format", "json"], "--raw prints KOBIS's own answer; it cannot be combined with --format"),
        (["movie", "20124079", "--date", "20230101"], "option --date does not apply to 'movie'"),
    ] as [([String], String)])
    func rejectsWithExit64(arguments: [String], message: String) async {
        let result = await run(arguments)
        #expect(result.status == .usage)
        #expect(result.standardOutput == "")
        let firstLine = result.standardError.split(separator: "\n").first.map(String.init)
        #expect(firstLine == "boxoffice: " + FailureReport.sentence(message))
        #expect(result.standardError.hasSuffix("' for usage.\n"))
    }

    @Test func helpGoesToStandardOutputWithExit0() async {
        let main = await run(["--help"])
        #expect(main.status == .success)
        #expect(main.standardError == "")
        #expect(main.standardOutput.hasPrefix("boxoffice \(BoxOfficeCommandLine.version): Korean box office figures from KOBIS (영화진흥위원회)\n\nUSAGE\n  boxoffice <command> [options]\n"))
        for option in CommandLineSpec.globalOptions {
            #expect(main.standardOutput.contains(option.synopsis))
        }
        let daily = await run(["help", "daily"])
        #expect(daily.standardOutput.hasPrefix("boxoffice daily: the daily box office (top 10) of one day\n\nUSAGE\n  boxoffice daily [--date D] [--from D] [--to D] [--nation korean|foreign]\n    [--multi] [--commercial] [--region NAME|CODE] [--deep] [--raw] [options]\n"))
        let bare = await run([])
        #expect(bare.status == .success)
        #expect(bare.standardOutput.hasPrefix("boxoffice \(BoxOfficeCommandLine.version): Korean box office figures from KOBIS (영화진흥위원회)\n"))
        #expect(bare.standardOutput.hasSuffix("'boxoffice help <command>' explains one command.\n"))
        let version = await run(["--version"])
        #expect(version.standardOutput == "boxoffice \(BoxOfficeCommandLine.version)\n")
    }

    @Test func rejectedBadBaseURLFromTheEnvironmentNamesTheVariable() async {
        let result = await run(["daily"], environment: ["BOXOFFICE_BASE_URL": "not a url"])
        #expect(result.status == .usage)
        #expect(result.standardError.hasPrefix("boxoffice: BOXOFFICE_BASE_URL 'not a url' is not an http(s) server address"))
    }
}
