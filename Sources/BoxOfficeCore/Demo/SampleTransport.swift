#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Answers calls from the recordings shipped inside boxoffice, with no key and no network.
public struct SampleTransport: HTTPTransport {
    public init() {}

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard let key = Self.requestKey(of: request.url) else {
            throw SampleDataError(operation: nil, request: request.url.path)
        }
        guard let file = SampleCatalog.entries.first(where: { $0.key == key })?.file,
              let encoded = SampleRecordings.files[file], let body = Data(base64Encoded: encoded) else {
            let operation = KOBISOperation.allCases.first { key.hasPrefix($0.rawValue + "?") }
            throw SampleDataError(operation: operation, request: key)
        }
        return HTTPResponse(status: 200, body: body)
    }

    /// The sample recordings by name, for checking them against the fixture files.
    public static var recordings: [String: Data] {
        SampleRecordings.files.compactMapValues { Data(base64Encoded: $0) }
    }

    /// `operation?name=value&…` without the key, as `Endpoint.requestKey` spells it.
    private static func requestKey(of url: URL) -> String? {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
              let operation = KOBISOperation.allCases.first(where: { components.path.hasSuffix("/" + $0.path) }) else {
            return nil
        }
        return operation.requestKey((components.queryItems ?? []).filter { $0.name != "key" }.map { ($0.name, $0.value ?? "") })
    }
}

/// The demo was asked for something its sample data does not hold.
public struct SampleDataError: Error, Sendable, Equatable, CustomStringConvertible {
    public let operation: KOBISOperation?
    /// The request key (`operation?name=value&…`).
    public let request: String

    public var description: String {
        guard let operation else { return "the sample data has no answer for this request" }
        let value = request.split(separator: "?", maxSplits: 1).last?.split(separator: "&").first?
            .split(separator: "=", maxSplits: 1).last.map(String.init) ?? ""
        var samples = SampleCatalog.samples(of: operation)
        switch operation {
        case .dailyBoxOffice:
            samples = samples.compactMap { Day($0)?.iso }
            let day = Day(value)?.iso ?? value
            return "the sample data has no daily box office for \(day); sample days: \(samples.joined(separator: ", "))"
        case .movieInfo:
            return "the sample data has no movie \(value); sample movies: \(samples.joined(separator: ", "))"
        default:
            return "the sample data has no answer for this \(operation.rawValue) request"
        }
    }
}

extension SampleTransport {
    /// The days whose daily box office the samples hold, oldest first.
    public static var sampleDays: [Day] {
        SampleCatalog.samples(of: .dailyBoxOffice).compactMap(Day.init).sorted()
    }
}
