import BoxOfficeCore
/// Which recorded KOBIS answer the demo gives to which call.
package enum SampleCatalog {
    /// Request keys (see `KOBISCall.requestKey`) and the recording in Fixtures/kobis that answers them.
    package static let entries: [(key: String, file: String)] = {
        var entries: [(String, String)] = []
        let days: [(String, String)] = [
            ("20120101", "daily_20120101_official-sample.json"), ("20220105", "daily_20220105.json"),
            ("20220121", "daily_20220121.json"), ("20220315", "daily_20220315.json"),
            ("20221030", "daily_20221030.json"), ("20221221", "daily_20221221.json"),
            ("20230423", "daily_20230423.json"), ("20250826", "daily_20250826_fetched-0030KST-next-day.json"),
        ]
        for (text, file) in days {
            if let day = Day(text) { entries.append((KOBISCall<DailyBoxOffice>.daily(day).requestKey, file)) }
        }
        if let day = Day("20120101") {
            entries.append((KOBISCall<WeeklyBoxOffice>.weekly(day, period: .weekend).requestKey,
                            "weekly_weekGb1_20120101_official-sample.json"))
        }
        let movies: [(String, String)] = [
            ("20124079", "movieinfo_20124079_capture-b.json"), ("20194376", "movieinfo_20194376.json"),
            ("20198429", "movieinfo_20198429.json"), ("20212077", "movieinfo_20212077.json"),
            ("20218541", "movieinfo_20218541_later-capture.json"), ("20236180", "movieinfo_20236180.json"),
        ]
        for (code, file) in movies {
            entries.append((KOBISCall<Movie>.movie(code: code).requestKey, file))
        }
        // The season of autumn 2025: every file named as KOBIS's answer for one day or one film,
        // keyed as the transport keys the request it answers (the operation and its one parameter).
        let placed = Set(entries.map(\.1))
        for file in SampleRecordings.names where !placed.contains(file) {
            guard let (kind, value) = plainName(file) else { continue }
            if kind == "daily" {
                entries.append((KOBISOperation.dailyBoxOffice.requestKey([("targetDt", value)]), file))
            } else if kind == "movieinfo" {
                entries.append((KOBISOperation.movieInfo.requestKey([("movieCd", value)]), file))
            }
        }
        // Both searches hold every match on one page (5 and 1 of them), so the same answer serves
        // a page of ten and the page of a hundred that `--all` asks for.
        for perPage in [10, 100] {
            entries.append((KOBISCall<SearchPage<MovieSummary>>.movies(MovieQuery(title: "범죄와의 전쟁", perPage: perPage)).requestKey, "movielist_movieNm-crime-war.json"))
            entries.append((KOBISCall<SearchPage<PersonSummary>>.people(name: "봉준호", perPage: perPage).requestKey, "peoplelist_peopleNm-bongjoonho.json"))
        }
        entries.append((KOBISCall<SearchPage<CompanySummary>>.companies(name: "CJ").requestKey, "companylist_companyNm-CJ_synthetic.json"))
        entries.append((KOBISCall<Company>.company(code: "20100109").requestKey, "companyinfo_20100109_synthetic.json"))
        entries.append((KOBISCall<CodeList>.codes(.regions).requestKey, "codelist_0105000000_synthetic-wrapped.json"))
        entries.append((KOBISCall<Person>.person(code: "10000066").requestKey, "peopleinfo_10000066.json"))
        return entries
    }()

    /// `daily_20250908.json` → ("daily", "20250908"); nil for a name with more to it (a capture's
    /// note, a synthetic file), which the lists above place by hand.
    private static func plainName(_ file: String) -> (String, String)? {
        guard file.hasSuffix(".json") else { return nil }
        let parts = file.dropLast(5).split(separator: "_")
        guard parts.count == 2, parts[1].count == 8, parts[1].allSatisfy(\.isASCII), parts[1].allSatisfy(\.isNumber) else { return nil }
        return (String(parts[0]), String(parts[1]))
    }

    /// The parameters of a request key, by name (values as encoded; the samples use plain ones).
    package static func values(in key: String) -> [String: String] {
        let query = key.split(separator: "?", maxSplits: 1).dropFirst().first ?? ""
        var values: [String: String] = [:]
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { values[String(parts[0])] = String(parts[1]) }
        }
        return values
    }

    /// The sample days of an operation that takes `targetDt`, or the codes of one that takes a code.
    package static func samples(of operation: KOBISOperation) -> [String] {
        entries.compactMap { entry in
            let parts = entry.key.split(separator: "?", maxSplits: 1)
            guard parts.first.map(String.init) == operation.rawValue, parts.count == 2 else { return nil }
            return parts[1].split(separator: "&").first.flatMap { $0.split(separator: "=").last }.map(String.init)
        }
    }
}
