import BoxOfficeCore
/// How rendered text may look: colours, the width to fit, the layout and the language.
package struct RenderOptions: Sendable, Equatable {
    /// Whether to use ANSI colours.
    package var colors: Bool
    /// The terminal's width in columns, or nil to never shorten anything.
    package var width: Int?
    /// `--wide`: every column, the whole cast.
    package var wide: Bool
    /// Labels in Korean (a `ko` locale); data are never translated.
    package var korean: Bool
    /// Whether East Asian Ambiguous characters (`▲ ▼ … · –`) take two columns, as CJK-configured
    /// terminals draw them (`BOXOFFICE_AMBIGUOUS_WIDE=1`).
    package var ambiguousWide: Bool
    /// Where the text is read: a terminal, or an article in markdown or HTML.
    package var medium: Medium = .terminal

    package init(colors: Bool = false, width: Int? = nil, wide: Bool = false, korean: Bool = false, ambiguousWide: Bool = false,
                 medium: Medium = .terminal) {
        self.colors = colors
        self.width = width
        self.wide = wide
        self.korean = korean
        self.ambiguousWide = ambiguousWide
        self.medium = medium
    }

    /// Whether audiences read in 만 and 억 (a Korean terminal); an article keeps every digit.
    package var audiencesInUnits: Bool { korean && medium == .terminal }

    /// The same options for an article in `medium`: no colours, nothing cut to a width.
    package func article(_ medium: Medium) -> RenderOptions {
        var options = self
        options.medium = medium
        options.colors = false
        options.width = nil
        return options
    }
}

/// An ANSI text colour.
package enum TextColor: String, Sendable {
    case red = "31", blue = "34", green = "32", yellow = "33", magenta = "35", cyan = "36", bold = "1", dim = "2"

    package func apply(_ text: String, if enabled: Bool) -> String {
        enabled && !text.isEmpty ? "\u{1B}[\(rawValue)m\(text)\u{1B}[0m" : text
    }

    /// `text` without the colours `apply` gave it, for measuring what a terminal shows.
    package static func stripped(_ text: String) -> String {
        guard text.contains("\u{1B}") else { return text }
        var result = ""
        var inSequence = false
        for scalar in text.unicodeScalars {
            if inSequence {
                if scalar == "m" { inSequence = false }
            } else if scalar == "\u{1B}" {
                inSequence = true
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
