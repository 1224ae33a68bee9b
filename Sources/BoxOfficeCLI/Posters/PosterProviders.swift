import BoxOfficeArguments
import BoxOfficeCore
import BoxOfficeRendering
import BoxOfficeStorage
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The poster providers the environment configures, and the lookup that tries them in turn.
enum PosterProviders {
    /// Kakao first (it searches Korean titles), then OMDb (English titles). Throws when neither has a key.
    static func configured(_ context: CommandContext) throws -> [PosterProvider] {
        // A client that asks no one (the demo's recordings) asks no provider either.
        if (try? context.client())?.asksNoOne == true { return [] }
        var providers: [PosterProvider] = []
        for service in PosterProvider.Service.allCases {
            guard let key = context.environment[service.keyVariable]?.trimmingBlanksAndNewlines(), !key.isEmpty else { continue }
            context.secrets.add(key: key)
            var root = URL(string: service.defaultRoot) ?? URL(fileURLWithPath: "/")
            if let text = context.environment[service.urlVariable], !text.isEmpty {
                do {
                    root = try ServerAddress.normalised(text)
                } catch {
                    throw UsageError(message: "\(service.urlVariable) \(UsageError.quote(ServerAddress.withoutUserinfo(text))) \(error.reason)")
                }
            }
            providers.append(PosterProvider(service: service, key: key, root: root))
        }
        guard !providers.isEmpty else { throw MissingPosterKeyError() }
        return providers
    }

    /// The poster's address, or nil; a provider that fails is reported after the movie is shown,
    /// unless another one finds the poster.
    static func find(for movie: Movie, providers: [PosterProvider], client: BoxOfficeClient,
                     context: CommandContext) async -> (url: String?, failure: (any Error)?) {
        guard !client.asksNoOne else {
            context.notice?("--demo uses no network, so no poster is looked up.")
            return (nil, nil)
        }
        var failure: (any Error)?
        var asked = false
        for provider in providers {
            guard let call = provider.call(for: movie) else {
                context.log?("\(provider.service.title): \(movie.title) has no English title to search for")
                continue
            }
            asked = true
            do {
                let poster = try await client.answer(call) { try provider.posterURL(in: $0) }.value
                if let poster { return (poster, nil) }
                context.log?("\(provider.service.title) found no poster for \(movie.title)")
            } catch {
                failure = failure ?? PosterLookupError(service: provider.service, underlying: error)
            }
        }
        if failure == nil {
            context.notice?(asked ? "no poster found for \(movie.title)." : "no poster provider can search for \(movie.title) (OMDb needs an English title).")
        }
        return (nil, failure)
    }
}

/// A poster provider failed; the movie was shown without a poster.
struct PosterLookupError: Error {
    let service: PosterProvider.Service
    let underlying: any Error
}

