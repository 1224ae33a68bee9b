#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Follows redirects that stay on the server the request went to (KOBIS moving a path, or http to
/// https), at most `limit` of them; a redirect anywhere else is refused with
/// `KOBISError.redirected`, so the key never leaves that server.
///
/// The request's `timeout` covers every hop: each is sent with what is left of it, so a chain of
/// slow redirects cannot stretch it.
public struct RedirectMiddleware: BoxOfficeMiddleware {
    private let limit: Int
    private let events: ClientEvents?

    /// Most redirects followed for one request, by default.
    public static let defaultLimit = 5

    /// Follows at most `limit` redirects of a request on its own server, telling each one to `events`.
    public init(limit: Int = RedirectMiddleware.defaultLimit, events: ClientEvents? = nil) {
        self.limit = max(0, limit)
        self.events = events
    }

    /// Sends the request on, and again to where a redirect on the same server leads.
    public func intercept(_ first: HTTPRequest, operation: BoxOfficeOperation,
                          next: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse) async throws -> HTTPResponse {
        let origin = first.url
        let host = origin.host ?? "the server"
        let deadline = ContinuousClock.now + .seconds(first.timeout)
        var request = first
        var redirects = 0
        while true {
            let remaining = ContinuousClock.now.duration(to: deadline) / .seconds(1)
            guard remaining > 0 else { throw TransportError.timedOut }
            request.timeout = remaining
            let response = try await next(request)
            guard [301, 302, 303, 307, 308].contains(response.status), let location = response.headers["location"] else {
                return response
            }
            let target = try Self.target(location, from: request.url, origin: origin, status: response.status, host: host)
            redirects += 1
            guard redirects <= limit else {
                throw KOBISError.redirected(status: response.status, host: host, target: "itself again after \(limit) redirects")
            }
            events?(.redirected(status: response.status, target: Self.masked(target.absoluteString)))
            request.url = target
        }
    }

    /// Where a redirect leads, when it is followed: the same host and port over the same scheme,
    /// or an upgrade from http to https (port 443 or the same); never with a user name.
    static func target(_ location: String, from current: URL, origin: URL, status: Int, host: String) throws -> URL {
        func refuse(_ target: String) -> KOBISError { .redirected(status: status, host: host, target: target) }
        guard let resolved = URL(string: location, relativeTo: current)?.absoluteURL,
              let scheme = resolved.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            let scheme = location.split(separator: ":", maxSplits: 1).first.map { "a \($0.lowercased()): address" }
            throw refuse(scheme ?? "an address that is not a URL")
        }
        let originScheme = origin.scheme?.lowercased() ?? "https"
        guard resolved.user == nil, resolved.password == nil else { throw refuse("an address with a user name") }
        guard let targetHost = resolved.host, targetHost.lowercased() == host.lowercased() else {
            throw refuse("another server (\(resolved.host ?? "no host"))")
        }
        guard scheme == originScheme || (originScheme == "http" && scheme == "https") else {
            throw refuse("plain http on the same server, which would send the key unencrypted")
        }
        let port = resolved.port ?? (scheme == "https" ? 443 : 80)
        let originPort = origin.port ?? (originScheme == "https" ? 443 : 80)
        guard port == originPort || (scheme != originScheme && port == 443) else {
            throw refuse("another port (\(port)) on the same server")
        }
        // Normalised (`HTTP://` → `http://`), so the transport accepts it.
        let text = resolved.absoluteString
        guard let schemeEnd = text.firstIndex(of: ":"), let normalised = URL(string: scheme + text[schemeEnd...]) else {
            throw refuse("an address that is not a URL")
        }
        return normalised
    }

    /// An address with its `key` parameter's value written `***`, for telling.
    package static func masked(_ address: String) -> String {
        guard let query = address.firstIndex(of: "?") else { return address }
        let parameters = address[address.index(after: query)...].split(separator: "&", omittingEmptySubsequences: false).map { parameter in
            parameter.hasPrefix("key=") ? "key=***" : String(parameter)
        }
        return String(address[...query]) + parameters.joined(separator: "&")
    }
}
