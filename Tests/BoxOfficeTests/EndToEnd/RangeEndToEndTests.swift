import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import BoxOfficeCore
import Testing

/// Ranges, trends and calendars through the built binary: concurrency within --jobs, the rate
/// limit, the quota (exit 75, nothing lost, going on the next day, several keys), interruption
/// and resumption.
@Suite struct RangeEndToEndTests {
    static let secondKey = "Zq7SECONDkey0123456789abcdefXYZ8"

    private func environment(_ server: LoopbackServer, cache: URL, key: String = KOBISEmulator.key) -> [String: String] {
        ["BOXOFFICE_BASE_URL": server.baseURL.absoluteString, "KOBIS_API_KEY": key, "BOXOFFICE_CACHE_DIR": cache.path]
    }

    private func temporaryCache() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-range-\(UUID().uuidString)")
    }

    private func days(_ server: LoopbackServer) -> [String] {
        server.requests.compactMap { $0.query["targetDt"] }
    }

    private func expected(_ name: String) throws -> String {
        try String(contentsOf: ExecutableEndToEndTests.expected.appendingPathComponent(name), encoding: .utf8)
    }

    @Test func aMonthArrivesConcurrentlyInOrderAndEqualToItsDays() async throws {
        let server = try LoopbackServer { .delayed(seconds: 0.1, then: KOBISEmulator.answer($0, expectedKey: KOBISEmulator.key)) }
        let cache = temporaryCache()
        defer { try? FileManager.default.removeItem(at: cache) }
        let arguments = ["daily", "--from", "2022-01-01", "--to", "2022-01-31", "--rate", "0", "--format", "csv"]
        // One at a time first, as the yardstick (31 answers of 100 ms), in a cache of its own.
        let sequentialCache = temporaryCache()
        defer { try? FileManager.default.removeItem(at: sequentialCache) }
        let sequential = try await Executable.run(arguments + ["--jobs", "1"], environment: environment(server, cache: sequentialCache))
        #expect(server.mostInFlight == 1)
        let range = try await Executable.run(arguments + ["--jobs", "8"], environment: environment(server, cache: cache))
        #expect(range.status == 0, "\(range.standardError)")
        #expect(server.requestCount == 62)
        // Counted at the server, not timed: how much faster it is depends on the machine.
        #expect(server.mostInFlight <= 8)
        #expect(server.mostInFlight >= 4, "requests overlapped")
        #expect(range.standardOutput == sequential.standardOutput)
        // The same rows, in date order, as 31 single days (answered from the cache), and the range's
        // column for a day not read, empty on each of them.
        var joined = ""
        for day in 1...31 {
            let single = try await Executable.run(["daily", "--date", String(format: "2022-01-%02d", day), "--format", "csv"],
                                                  environment: environment(server, cache: cache))
            let lines = single.standardOutput.split(separator: "\n").map(String.init)
            if day == 1 { joined += lines[0] + ",notRead\n" }
            joined += lines.dropFirst().map { $0 + ",\n" }.joined()
        }
        #expect(range.standardOutput == joined)
        #expect(server.requestCount == 62, "the single days came from the cache")
        #expect(range.standardOutput.contains("\n2022-01-05,1,0,true,20199882,경관의 피,"))
    }

    @Test func jsonOfARangeIsOneArrayOfDays() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let cache = temporaryCache()
        defer { try? FileManager.default.removeItem(at: cache) }
        let result = try await Executable.run(["daily", "--from", "2022-01-04", "--to", "2022-01-06", "--json", "--rate", "0"],
                                              environment: environment(server, cache: cache))
        let days = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]])
        #expect(days.map { $0["date"] as? String } == ["2022-01-04", "2022-01-05", "2022-01-06"])
        #expect((days[1]["entries"] as? [Any])?.count == 10)
        let weeks = try await Executable.run(["weekly", "--from", "2022-01-01", "--to", "2022-01-20", "--json", "--rate", "0"],
                                             environment: environment(server, cache: cache))
        #expect(weeks.status == 0)
        #expect(Set(self.days(server).suffix(4)) == ["20211227", "20220103", "20220110", "20220117"], "the Monday of each week")
        let list = try #require(try JSONSerialization.jsonObject(with: Data(weeks.standardOutput.utf8)) as? [[String: Any]])
        #expect(list.map { $0["start"] as? String } == ["2021-12-27", "2022-01-03", "2022-01-10", "2022-01-17"], "in order")
    }

    @Test func theRateLimitSpacesRequests() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let cache = temporaryCache()
        defer { try? FileManager.default.removeItem(at: cache) }
        let started = ContinuousClock.now
        let result = try await Executable.run(["daily", "--from", "2022-01-01", "--to", "2022-01-12", "--rate", "5", "--format", "jsonl"],
                                              environment: environment(server, cache: cache))
        #expect(result.status == 0)
        let arrivals = server.arrivals.sorted()
        #expect(arrivals.count == 12)
        // The program's schedule against the server's arrival log: at 5 a second the k-th request
        // is let through no sooner than k/5 s after the first, which left after the launch. A busy
        // machine only makes arrivals later (the exact spacing is RateLimiterTests' job); without
        // the limit all twelve arrive within moments of each other.
        for (index, arrival) in arrivals.enumerated() {
            let earliest = started + .milliseconds(200 * index)
            #expect(arrival >= earliest, "request \(index + 1) arrived \(earliest.duration(to: arrival)) after its earliest turn")
        }
        // Answers from the cache are never slowed: at one request a minute, a second request
        // through the limiter would wait a minute, and twelve would take eleven.
        let again = try await Executable.run(["daily", "--from", "2022-01-01", "--to", "2022-01-12", "--rate", "0.0167", "--format", "jsonl"],
                                             environment: environment(server, cache: cache), timeLimit: 50)
        #expect(again.finished, "a cached answer waited for a turn")
        #expect(again.standardOutput == result.standardOutput)
        #expect(server.requestCount == 12)
    }

    /// KOBIS answers 320011 once a key has made `limit` calls ("today").
    private final class QuotaServer: Sendable {
        let limit: Int
        let calls = Locked<[String: Int]>([:])
        init(limit: Int) { self.limit = limit }

        func newDay() { calls.withLock { $0 = [:] } }

        func handle(_ request: LoopbackRequest) -> LoopbackReply {
            let key = request.query["key"] ?? ""
            let count = calls.withLock { calls -> Int in
                calls[key, default: 0] += 1
                return calls[key, default: 0]
            }
            guard key != KOBISEmulator.key || count <= limit else {
                return .json(#"{"faultInfo":{"message":"키의 하루 이용량을 초과하였습니다.","errorCode":"320011"}}"#)
            }
            return KOBISEmulator.answer(request, expectedKey: key == RangeEndToEndTests.secondKey ? key : KOBISEmulator.key)
        }
    }

    @Test func theQuotaStopsCleanlyAndTheNextDayGoesOn() async throws {
        let quota = QuotaServer(limit: 7)
        let server = try LoopbackServer { quota.handle($0) }
        let cache = temporaryCache()
        defer { try? FileManager.default.removeItem(at: cache) }
        let arguments = ["daily", "--from", "2022-01-01", "--to", "2022-01-12", "--jobs", "1", "--rate", "0", "--format", "csv"]
        let first = try await Executable.run(arguments, environment: environment(server, cache: cache))
        #expect(first.status == 75)
        #expect(first.standardError.contains("boxoffice: the key's daily quota is used up (KOBIS error 320011"))
        #expect(first.standardError.contains("run the same command again after midnight (Korean time)"))
        // What arrived before the stop was printed, in order, and kept.
        #expect(first.standardOutput.hasPrefix("date,rank,"))
        #expect(first.standardOutput.contains("2022-01-05,1,"))
        #expect(days(server) == (1...8).map { String(format: "202201%02d", $0) }, "the eighth met the quota")
        // The quota fault was remembered with today's count, which stays what was counted (a call
        // is not spent to hear it again).
        let counted = try FileManager.default.contentsOfDirectory(atPath: cache.path).filter { $0.hasPrefix("calls-") }
        #expect(counted.count == 1)
        let record = try String(contentsOf: cache.appendingPathComponent(counted[0]), encoding: .utf8).split(separator: "\n")
        #expect(record.count == 2 && record[0] == "8" && record[1].hasPrefix("spent "), "\(record)")
        let again = try await Executable.run(arguments, environment: environment(server, cache: cache))
        #expect(again.status == 75)
        #expect(again.standardError.contains("KOBIS said so at "), "\(again.standardError)")
        #expect(again.standardError.contains("; 8 calls counted today on this machine."), "\(again.standardError)")
        #expect(days(server).count == 8, "nothing sent once KOBIS said the quota was spent")
        let info = try await Executable.run(["cache", "info", "--json"], environment: environment(server, cache: cache))
        #expect(info.standardOutput.contains("\"callsToday\":8,"), "\(info.standardOutput)")
        #expect(info.standardOutput.contains("\"quotaSpentAt\":\""), "\(info.standardOutput)")
        // A new Korean day: KOBIS counts afresh, and so does boxoffice (a new day's count file).
        quota.newDay()
        for name in counted { try FileManager.default.removeItem(at: cache.appendingPathComponent(name)) }
        let second = try await Executable.run(arguments, environment: environment(server, cache: cache))
        #expect(second.status == 0, "\(second.standardError)")
        #expect(days(server).dropFirst(8) == ArraySlice((8...12).map { String(format: "202201%02d", $0) }), "only the days not yet fetched")
        let reference = try await Executable.run(["daily", "--date", "2022-01-05", "--format", "csv"], environment: environment(server, cache: cache))
        // The day's rows, each with the range's empty column for a day not read.
        #expect(second.standardOutput.contains(reference.standardOutput.split(separator: "\n").dropFirst().map { $0 + ",\n" }.joined()))
    }

    @Test func asecondKeyTakesOverWhenTheFirstIsSpentAndNeitherIsPrinted() async throws {
        let quota = QuotaServer(limit: 3)
        let server = try LoopbackServer { quota.handle($0) }
        let cache = temporaryCache()
        defer { try? FileManager.default.removeItem(at: cache) }
        let result = try await Executable.run(["daily", "--from", "2022-01-01", "--to", "2022-01-08", "--jobs", "1", "--rate", "0", "--format", "jsonl", "--verbose"],
                                              environment: environment(server, cache: cache, key: KOBISEmulator.key + "," + Self.secondKey))
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.split(separator: "\n").count == 10, "the ten films of 2022-01-05")
        #expect(result.standardError.contains("boxoffice: the quota of key 1 of 2 is used up for today; going on with key 2.\n"))
        for text in [result.standardOutput, result.standardError] {
            #expect(!text.contains(KOBISEmulator.key) && !text.contains(Self.secondKey))
        }
        #expect(server.requests.filter { $0.query["key"] == Self.secondKey }.count == 5)
        // Each key is counted on its own.
        let counts = try FileManager.default.contentsOfDirectory(atPath: cache.path).filter { $0.hasPrefix("calls-") }
        #expect(counts.count == 2)
        #expect(counts.allSatisfy { !$0.contains(KOBISEmulator.key) && !$0.contains(Self.secondKey) })
    }

    @Test func anInterruptedRangeKeepsWhatItFetchedAndGoesOn() async throws {
        // In the first run, the fourth request is never answered: the run cannot end by itself
        // before the Ctrl-C, however slow or busy the machine.
        let first = Locked((running: true, seen: 0))
        let server = try LoopbackServer { request in
            let reply = KOBISEmulator.answer(request, expectedKey: KOBISEmulator.key)
            let held = first.withLock { first in
                first.seen += 1
                return first.running && first.seen >= 4
            }
            return held ? .delayed(seconds: 3600, then: reply) : reply
        }
        let cache = temporaryCache()
        defer { try? FileManager.default.removeItem(at: cache) }
        let arguments = ["daily", "--from", "2022-01-01", "--to", "2022-01-31", "--jobs", "1", "--rate", "0", "--format", "csv"]
        // (A timeout as long as the limit against a hang: the held try never ends by itself.)
        let interrupted = try await Executable.run(arguments + ["--timeout", "600"], environment: environment(server, cache: cache)) { [server] process in
            // Ctrl-C once three days are in and the fourth is on its way.
            let started = ContinuousClock.now
            while server.requestCount < 4, started.duration(to: .now) < TestTime.limit(.seconds(20)) {
                try? await Task.sleep(for: .milliseconds(20))
            }
            process.interrupt()
        }
        first.withLock { $0.running = false }
        #expect(interrupted.status == 130)
        #expect(Set(days(server)).count == 4)
        let second = try await Executable.run(arguments, environment: environment(server, cache: cache))
        #expect(second.status == 0)
        // Each day was fetched once in all, but the one in flight when interrupted (--jobs 1).
        let asked = Dictionary(days(server).map { ($0, 1) }, uniquingKeysWith: +)
        #expect(asked.count == 31)
        #expect(asked.values.filter { $0 > 1 }.count == 1, "only the day in flight was asked for again")
        #expect(second.standardOutput.split(separator: "\n").count == 1 + 20)
    }

    @Test func aTrendIsAChartAndItsSeries() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let cache = temporaryCache()
        defer { try? FileManager.default.removeItem(at: cache) }
        let arguments = ["trend", "20199882", "20210028", "--from", "2022-01-04", "--to", "2022-01-06", "--rate", "0"]
        let chart = try await Executable.run(arguments + ["--color", "never"], environment: environment(server, cache: cache))
        #expect(chart.status == 0, "\(chart.standardError)")
        if ProcessInfo.processInfo.environment["BOXOFFICE_WRITE_EXPECTED"] == "1" {
            try chart.standardOutput.write(to: ExecutableEndToEndTests.expected.appendingPathComponent("trend_20220104-06.txt"), atomically: true, encoding: .utf8)
        }
        #expect(chart.standardOutput == (try expected("trend_20220104-06.txt")))
        let json = try await Executable.run(arguments + ["--json", "--pretty"], environment: environment(server, cache: cache))
        #expect(json.standardOutput == (try expected("trend_20220104-06.json")))
        let csv = try await Executable.run(arguments + ["--format", "csv"], environment: environment(server, cache: cache))
        #expect(csv.standardOutput.split(separator: "\n").count == 1 + 6)
        #expect(csv.standardOutput.contains("\n20199882,경관의 피,2022-01-04,,,\n20199882,경관의 피,2022-01-05,1,64050,69228\n"))
        #expect(server.requestCount == 3, "three days, each once; no details needed with a range")
    }

    @Test func theSVGChartIsXMLWithAxesTitleAndLegend() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let cache = temporaryCache()
        defer { try? FileManager.default.removeItem(at: cache) }
        let file = cache.appendingPathExtension("svg")
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try await Executable.run(["trend", "20199882", "20210028", "--from", "2022-01-04", "--to", "2022-01-06", "--svg", file.path],
                                              environment: environment(server, cache: cache))
        #expect(result.status == 0)
        let svg = try String(contentsOf: file, encoding: .utf8)
        #expect(svg.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\""))
        for part in ["<title>Daily audience · 2022-01-04 – 2022-01-06</title>", "class=\"x-axis\"", "class=\"y-axis\"", "class=\"legend\"",
                     "경관의 피 (20199882)", "Noto Sans CJK KR"] {
            #expect(svg.contains(part), "\(part)")
        }
        final class Elements: NSObject, XMLParserDelegate {
            var names: [String] = []
            func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
                names.append(name)
            }
        }
        let parser = XMLParser(data: Data(svg.utf8))
        let elements = Elements()
        parser.delegate = elements
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        #expect(elements.names.first == "svg")
        #expect(elements.names.contains("polyline") || elements.names.contains("circle"))
        // A symbolic link at the name is refused and left alone.
        let link = cache.appendingPathExtension("link.svg")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "/etc/hostname")
        defer { try? FileManager.default.removeItem(at: link) }
        let refused = try await Executable.run(["trend", "20199882", "--from", "2022-01-05", "--to", "2022-01-05", "--svg", link.path],
                                               environment: environment(server, cache: cache))
        #expect(refused.status == 74)
        #expect(refused.standardError == "boxoffice: cannot write the chart: \(link.path) is a symbolic link; boxoffice writes only a plain file there (remove the link, or choose another name).\nChoose another file name, or check that its folder exists and can be written.\n")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link.path)) == "/etc/hostname")
        // A folder that is not there: the chart's file and the system's reason, never the cache.
        let nowhere = cache.appendingPathComponent("no-such-folder/chart.svg").path
        let unwritable = try await Executable.run(["trend", "20199882", "--from", "2022-01-05", "--to", "2022-01-05", "--svg", nowhere],
                                                  environment: environment(server, cache: cache))
        #expect(unwritable.status == 74)
        #expect(unwritable.standardError.hasPrefix("boxoffice: cannot write the chart: \(nowhere) cannot be written (No such file or directory).\n"))
        #expect(!unwritable.standardError.contains("cache"))
    }

    @Test func aMonthAsACalendar() async throws {
        let server = try LoopbackServer(handler: KOBISEmulator.handler())
        let cache = temporaryCache()
        defer { try? FileManager.default.removeItem(at: cache) }
        let result = try await Executable.run(["calendar", "2022-01", "--rate", "0"], environment: environment(server, cache: cache))
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == (try expected("calendar_2022-01.txt")))
        #expect(server.requestCount == 31)
        let json = try await Executable.run(["calendar", "2022-01", "--json"], environment: environment(server, cache: cache))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        let days = try #require(object["days"] as? [[String: Any]])
        #expect(object["month"] as? String == "2022-01")
        #expect(days.count == 31)
        #expect(days[4]["title"] as? String == "경관의 피")
        #expect(days[4]["audience"] as? Int == 64050)
        #expect(days[0]["title"] is NSNull)
    }
}
