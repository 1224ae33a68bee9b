import BoxOfficeArguments
import BoxOfficeCore
import BoxOfficeStorage
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The client's events in the command line's words: `--verbose` lines, the notices everyone sees,
/// and the progress line.
struct ClientEventWords: Sendable {
    /// Requests and cache decisions (`--verbose`).
    let log: (@Sendable (String) -> Void)?
    /// What the user should see even without `--verbose` (key changes, warnings, stale answers).
    let notice: (@Sendable (String) -> Void)?
    let progress: ProgressLine?
    let secrets: Secrets

    func handle(_ event: ClientEvent) {
        switch event {
        case let .trying(id, summary, address, attempt, attempts):
            progress?.waiting(id: id, summary: summary, attempt: attempt, attempts: attempts)
            log?("GET \(address)" + (attempts > 1 ? " (try \(attempt) of \(attempts))" : ""))
        case let .done(id):
            progress?.done(id: id)
        case let .answered(status, bytes, milliseconds):
            log?("HTTP \(status), \(NumberFormat.grouped(bytes)) bytes, \(milliseconds) ms")
        case let .stoppedReading(limit, milliseconds):
            log?("the answer passed \(NumberFormat.grouped(limit)) bytes after \(milliseconds) ms; stopped reading")
        case let .noAnswer(failure, host, milliseconds):
            log?("no answer after \(milliseconds) ms: \(failure.description(host: host))")
        case let .givingUp(attempts, transient):
            log?(transient ? "giving up after \(attempts) tries" : "giving up: trying again would fail the same way")
        case let .retrying(delay):
            log?("retrying in \(cFormat("%.2f", delay)) s")
        case let .redirected(status, target):
            log?("HTTP \(status): redirected to \(secrets.hide(target))")
        case let .cache(event):
            handle(event)
        case let .quotaNearlySpent(count, keyNumber, day):
            let whose = keyNumber.map { "key \($0)'s" } ?? "the key's"
            notice?("warning: \(NumberFormat.grouped(count)) of \(whose) \(NumberFormat.grouped(KOBISQuota.daily)) calls for today (\(day.iso), Korean time) are used.")
        case let .keyRejected(number, keys, code, next):
            if let next {
                notice?("KOBIS rejected key \(number) of \(keys) (error \(code)); going on with key \(next).")
            } else {
                notice?("KOBIS rejected key \(number) of \(keys) too.")
            }
        case let .keySpent(number, keys, next):
            notice?("the quota of key \(number) of \(keys) is used up for today; going on with key \(next).")
        case let .storeFailed(reason):
            notice?("warning: the cache is not used: \(reason); answers are not kept and calls are not counted.")
        }
    }

    private func handle(_ event: CacheEvent) {
        switch event {
        case let .refreshing(request):
            log?("cache: --refresh, fetching \(request) again")
        case let .nothingStored(request):
            log?("cache: nothing stored for \(request)")
        case let .outOfDate(request, stored, freshness):
            log?("cache: the entry for \(request) is out of date (\(Self.stored(stored, freshness)))")
        case let .unusable(request):
            log?("cache: the entry for \(request) cannot be used; it will be replaced")
        case let .answered(request, stored, freshness, fresh):
            log?("cache: answered \(request) from the cache (\(Self.stored(stored, freshness)))")
            if !fresh { notice?("offline: showing an answer stored \(Day.koreanTimestamp(stored)); it may be out of date.") }
        case let .unreadable(reason):
            notice?("warning: the cached answer cannot be used: \(reason).")
        case let .stored(request):
            log?("cache: stored \(request)")
        }
    }

    private static func stored(_ stored: Date, _ freshness: Freshness) -> String {
        "stored \(Day.koreanTimestamp(stored)), \(freshness.describe(stored: stored))"
    }
}
