#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A search whose every page would take more requests than allowed.
package struct TooManyPagesError: Error, Sendable, Equatable {
    /// The pages the search has.
    package let pages: Int
    /// The films it matches.
    package let total: Int
    /// The most pages that were to be fetched.
    package let most: Int
}

extension BoxOfficeClient {
    /// Every page of a search of movies, as one page (`boxoffice search --all`): the first page
    /// says how many there are, and the rest are fetched `concurrency` at a time, `query.perPage`
    /// films a page (at most 100). A search of more than `mostPages` pages is refused
    /// (``BoxOfficeError/invalidRequest(_:)``), having cost the first page only.
    public func searchAllMovies(_ query: MovieQuery, mostPages: Int = 20, concurrency: Int = 4) async throws(BoxOfficeError) -> SearchPage<MovieSummary> {
        do {
            return try await allPages(of: query, mostPages: mostPages, concurrency: concurrency)
        } catch {
            throw BoxOfficeError(error)
        }
    }

    /// The same, its failure as the engine threw it; `fetching` is told how many pages there are
    /// when there is more than one to fetch.
    package func allPages(of query: MovieQuery, mostPages: Int, concurrency: Int,
                          fetching: (@Sendable (Int) -> Void)? = nil) async throws -> SearchPage<MovieSummary> {
        @Sendable func page(_ number: Int) async throws -> SearchPage<MovieSummary> {
            var query = query
            query.page = number
            return try await fetch(.movies(query))
        }
        let first = try await page(1)
        let count = first.pageCount
        guard count <= mostPages else { throw TooManyPagesError(pages: count, total: first.total, most: mostPages) }
        guard count > 1 else { return first }
        fetching?(count)
        var pages: [Int: SearchPage<MovieSummary>] = [1: first]
        try await withThrowingTaskGroup(of: (Int, SearchPage<MovieSummary>).self) { group in
            var next = 2
            var running = 0
            while next <= count || running > 0 {
                while next <= count, running < max(1, concurrency) {
                    let number = next
                    group.addTask { (number, try await page(number)) }
                    next += 1
                    running += 1
                }
                if let (number, fetched) = try await group.next() { pages[number] = fetched }
                running -= 1
            }
        }
        return SearchPage.joined((1...count).compactMap { pages[$0] }) ?? first
    }
}
