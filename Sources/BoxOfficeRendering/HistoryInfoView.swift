import BoxOfficeCore

/// `boxoffice history info`: where the history is and what it holds.
extension HistoryInfo: Presentable {
    package static var fieldNames: [String] { fields.keys() }

    package func table(_ options: RenderOptions) -> String {
        let korean = options.korean
        let span = first.map { first in "\(first.iso) – \((last ?? first).iso)" } ?? (korean ? "없음" : "none")
        // The first gap only: the others are in --json (a line never outgrows the terminal for them).
        let missing = NumberFormat.grouped(gaps.reduce(0) { $0 + $1.lowerBound.days(to: $1.upperBound) + 1 })
        let gapText = gaps.first.map { first in
            let span = first.lowerBound == first.upperBound ? first.lowerBound.iso : "\(first.lowerBound.iso) – \(first.upperBound.iso)"
            return gaps.count == 1 ? (korean ? "\(missing)일: \(span)" : "\(missing) day\(missing == "1" ? "" : "s"): \(span)")
                : korean ? "\(missing)일, \(gaps.count)구간 (첫 구간 \(span))" : "\(missing) days in \(gaps.count) stretches, the first \(span)"
        } ?? (korean ? "없음" : "none")
        return Document([.fields([
            (Label("Path", "경로"), path),
            (Label("Days", "일수"), NumberFormat.grouped(days) + (deepDays > 0 ? (korean ? " (심층 \(NumberFormat.grouped(deepDays))일)" : " (\(NumberFormat.grouped(deepDays)) deep)") : "")),
            (Label("Held", "보관 기간"), span),
            (Label("Gaps", "빠진 날"), gapText),
            (Label("Films", "영화"), NumberFormat.grouped(films) + (korean ? " (상세 정보 \(NumberFormat.grouped(filmsWithDetails)))" : " (\(NumberFormat.grouped(filmsWithDetails)) with details)")),
            (Label("Revisions", "수정 기록"), NumberFormat.grouped(revisions)),
            (Label("Size", "크기"), NumberFormat.grouped(Int(clamping: bytes)) + (korean ? " 바이트" : " bytes")),
            (Label("Schema", "스키마"), (korean ? "버전 " : "version ") + String(schemaVersion)),
        ])]).rendered(options)
    }

    package var json: JSONValue { Self.fields.json(self) }
}

// MARK: Fields

extension HistoryInfo {
    package static let fields: [Field<HistoryInfo>] = [
        .leaf("path", .historyPath) { .string($0.path) }, .leaf("schemaVersion", .schemaVersion) { .int($0.schemaVersion) },
        .leaf("days", .historyDays) { .int(Int64($0.days)) }, .leaf("first", .historyFirst) { JSONValue($0.first?.iso) },
        .leaf("last", .historyLast) { JSONValue($0.last?.iso) },
        .list("gaps", .historyGaps, [.leaf("from", .from) { .string($0.lowerBound.iso) }, .leaf("to", .to) { .string($0.upperBound.iso) }]) { $0.gaps },
        .leaf("deepDays", .deepDays) { .int(Int64($0.deepDays)) }, .leaf("films", .historyFilms) { .int(Int64($0.films)) },
        .leaf("filmsWithDetails", .filmsWithDetails) { .int(Int64($0.filmsWithDetails)) },
        .leaf("revisions", .revisions) { .int(Int64($0.revisions)) }, .leaf("bytes", .historyBytes) { .int($0.bytes) },
    ]
    package static let shape = fields.shape()
}

// MARK: Meanings

package extension Meaning {
    /// What `path` holds.
    static let historyPath = leaf(.string, "The history database's file.")
    /// What `schemaVersion` holds.
    static let schemaVersion = leaf(.integer, "The schema's version (PRAGMA user_version).")
    /// What a history's `days` holds.
    static let historyDays = leaf(.integer, "Days whose daily top 10 the history holds whole.")
    /// What `first` holds.
    static let historyFirst = leaf(.string, nullable: true, format: "date", "The first day held (YYYY-MM-DD); null when none is.")
    /// What `last` holds.
    static let historyLast = leaf(.string, nullable: true, format: "date", "The last day held (YYYY-MM-DD); null when none is.")
    /// What `gaps` holds.
    static let historyGaps = list("The days between the first and the last that the history does not hold, as ranges from and to.")
    /// What `deepDays` holds.
    static let deepDays = leaf(.integer, "Days held with KOBIS's four filtered lists too (a deep sync).")
    /// What a history's `films` holds.
    static let historyFilms = leaf(.integer, "Films ranked on a day held.")
    /// What `filmsWithDetails` holds.
    static let filmsWithDetails = leaf(.integer, "Films whose details the history holds (a sync with --details).")
    /// What `revisions` holds.
    static let revisions = leaf(.integer, "Figures KOBIS changed in days the history already held, each kept in the table revision.")
    /// What a history's `bytes` holds.
    static let historyBytes = leaf(.integer, "The database's size on disk, its write-ahead log included.")
}
