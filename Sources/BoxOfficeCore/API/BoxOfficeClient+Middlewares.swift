#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The lists of middlewares a client is made of, and views of one client.
extension BoxOfficeClient {
    /// The steps of each try, with no key and no cache: ``RetryMiddleware`` (at most `attempts`
    /// tries of what is transient), ``RedirectMiddleware`` (redirects on the same server only, so
    /// the key never leaves it) and ``TimeoutMiddleware`` (each try within the client's
    /// `timeout`), in that order; what ``init(key:transport:baseURL:timeout:attempts:middlewares:cache:now:)``
    /// puts behind the key when given no list. They give no key: a client made of these alone
    /// (``init(transport:middlewares:baseURL:timeout:now:)``) sends KOBIS an empty one, which it
    /// refuses; use ``standardMiddlewares(keys:attempts:cache:callCounts:callsPerSecond:eachTry:events:now:)``.
    public static func standardMiddlewares(attempts: Int = 3) -> [any BoxOfficeMiddleware] {
        [RetryMiddleware(attempts: attempts), RedirectMiddleware(), TimeoutMiddleware()]
    }

    /// The whole standard list, the command line's own, the first the outermost:
    ///
    /// 1. a ``CacheMiddleware`` over `cache`, when given: a stored answer is given before anything
    ///    else is done, and costs no call;
    /// 2. ``SecretMaskMiddleware``: every key masked in every answer before anything reads or keeps it;
    /// 3. ``KeyRotationMiddleware``: the request goes with the first key usable today, and with the
    ///    next when one's quota is spent;
    /// 4. ``RetryMiddleware``: at most `attempts` tries of what is transient; then `eachTry`, run
    ///    on every try;
    /// 5. ``RedirectMiddleware``: redirects on the same server only;
    /// 6. every request sent counted against the budget of calls its request was given, when a
    ///    face gave one (the command line's `--max-calls`), and none sent past it;
    /// 7. ``QuotaCountMiddleware`` over `callCounts`, when given: every call counted against its
    ///    key's 3,000 a day, and none sent past it;
    /// 8. ``RateLimitMiddleware``, when `callsPerSecond` is given (and above 0);
    /// 9. ``TimeoutMiddleware``: each try within the client's `timeout`.
    ///
    /// Every middleware tells what it does to `events` (for a progress line or a log).
    public static func standardMiddlewares(keys: [String], attempts: Int = 3, cache: (any AnswerStore)? = nil,
                                           callCounts: (any CallCountStore)? = nil, callsPerSecond: Double? = nil,
                                           eachTry: [any BoxOfficeMiddleware] = [], events: ClientEvents? = nil,
                                           now: @escaping @Sendable () -> Date = Date.init) -> [any BoxOfficeMiddleware] {
        standardMiddlewares(keys: KeyRing(keys), attempts: attempts, cache: cache, callCounts: callCounts, callsPerSecond: callsPerSecond,
                            eachTry: eachTry, events: events, now: now)
    }

    /// The same over a key ring its maker keeps, to tell which keys are still usable today.
    package static func standardMiddlewares(keys ring: KeyRing, attempts: Int = 3, cache: (any AnswerStore)? = nil,
                                            callCounts: (any CallCountStore)? = nil, callsPerSecond: Double? = nil,
                                            eachTry: [any BoxOfficeMiddleware] = [], events: ClientEvents? = nil,
                                            now: @escaping @Sendable () -> Date = Date.init) -> [any BoxOfficeMiddleware] {
        let keys = ring.keys
        var list: [any BoxOfficeMiddleware] = cache.map { [CacheMiddleware(store: $0, now: now, events: events)] } ?? []
        list += [SecretMaskMiddleware(secrets: keys), KeyRotationMiddleware(keys: ring, now: now, events: events),
                 RetryMiddleware(attempts: attempts, events: events)]
        list += eachTry
        list.append(RedirectMiddleware(events: events))
        list.append(CallBudgetMiddleware())
        if let callCounts { list.append(QuotaCountMiddleware(counts: callCounts, keys: keys, now: now, events: events)) }
        if let rate = callsPerSecond.flatMap(RateLimitMiddleware.init(perSecond:)) { list.append(rate) }
        list.append(TimeoutMiddleware())
        return list
    }

    /// The same client (its middlewares, transport, keys and cache) with every request asking the
    /// cache on its way to be used as `mode` says: `.offline` answers only from what is stored,
    /// `.refresh` fetches again. Nothing new is made: a view of one client for one request. A
    /// client with no cache (``init(key:transport:baseURL:timeout:attempts:middlewares:cache:now:)``
    /// without `cache`) has nothing to read from and still fetches.
    public func cacheMode(_ mode: CacheMiddleware.Mode) -> BoxOfficeClient {
        var client = self
        client.cacheMode = mode
        return client
    }
}
