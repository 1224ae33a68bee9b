import BoxOfficeCore

/// Words shown to people beside the data (a heading, a column's title, a field's label, a note),
/// in English and in Korean, declared where they are shown: the user's locale picks one. KOBIS's
/// own data is never translated: a film's title as a column's heading is shown as it is
/// (``verbatim(_:)``).
package struct Label: Sendable, Equatable {
    package let english: String
    package let korean: String

    package init(_ english: String, _ korean: String) {
        self.english = english
        self.korean = korean
    }

    /// Text shown as it is in every language: KOBIS's data, a JSON key.
    package static func verbatim(_ text: String) -> Label { Label(text, text) }
}

extension RenderOptions {
    /// A label in the user's language: its English, or its Korean under a Korean locale.
    package func label(_ label: Label) -> String {
        korean ? label.korean : label.english
    }

    /// Notes under a heading: dim, each wrapped to `width`.
    package func notes(_ notes: [String], width: Int) -> String {
        notes.flatMap { TerminalText.wrap($0, to: width, ambiguousWide: ambiguousWide) }.map { TextColor.dim.apply($0, if: colors) + "\n" }.joined()
    }

    /// What a period's reading in the demo left out: "read 2 of the period's 31 days: the ones
    /// the sample data holds". `english` and `korean` name the days ("the period's 31 days",
    /// "기간 31일").
    package func sampleNote(read: Int, of english: String, _ korean: String) -> String {
        self.korean ? "\(korean) 가운데 \(NumberFormat.grouped(read))일만 읽음 (예시 자료에 있는 날)" : "read \(NumberFormat.grouped(read)) of \(english): the ones the sample data holds"
    }

    /// `131 min`, or `131분`.
    func minutes(_ count: Int) -> String {
        korean ? "\(count)분" : "\(count) min"
    }

    /// `Sun`, or `일`.
    func weekday(_ day: Day) -> String {
        korean ? ["월", "화", "수", "목", "금", "토", "일"][day.weekday.rawValue - 1] : day.weekday.shortName
    }

    /// `… +26 more (all with --wide or --json)`, or `… 26명 더 (전체는 --wide 또는 --json)`.
    func moreCast(_ count: Int) -> String {
        korean ? "… \(NumberFormat.grouped(count))명 더 (전체는 --wide 또는 --json)" : "… +\(NumberFormat.grouped(count)) more (all with --wide or --json)"
    }

    /// `(2 columns left out to fit the terminal)`, under a table that had to drop some; `(2
    /// columns left out)` where that is too wide.
    func leftOut(columns count: Int, within width: Int?) -> String {
        let long = korean ? "(화면 폭에 맞추느라 \(count)개 열을 뺐습니다)" : "(\(count) column\(count == 1 ? "" : "s") left out to fit the terminal)"
        guard let width, TerminalText.width(long, ambiguousWide: ambiguousWide) > width else { return long }
        return korean ? "(\(count)개 열 생략)" : "(\(count) column\(count == 1 ? "" : "s") left out)"
    }
}
