/// A result that every output format can show: the one path from a domain value to text.
public protocol Presentable: Sendable {
    /// For reading in a terminal.
    func table(_ options: RenderOptions) -> String
    /// The contract's JSON.
    var json: JSONValue { get }
}

/// An item of a search page, which knows how a page of its kind reads.
public protocol SearchItem: Sendable, Equatable {
    var json: JSONValue { get }
    static func table(_ page: SearchPage<Self>, _ options: RenderOptions) -> String
}

extension SearchPage: Presentable where Item: SearchItem {
    public func table(_ options: RenderOptions) -> String { Item.table(self, options) }
    public var json: JSONValue { .array(items.map(\.json)) }
}

extension DailyBoxOffice: Presentable {}
extension WeeklyBoxOffice: Presentable {}
extension Movie: Presentable {}
extension Person: Presentable {}
extension Company: Presentable {}
extension CodeList: Presentable {}
extension CacheReport: Presentable {}
extension CacheClearing: Presentable {}
