/// How rendered text may look: colours, and the width to fit.
public struct RenderOptions: Sendable, Equatable {
    /// Whether to use ANSI colours.
    public var colors: Bool
    /// The terminal's width in columns, or nil to never shorten anything.
    public var width: Int?

    public init(colors: Bool = false, width: Int? = nil) {
        self.colors = colors
        self.width = width
    }
}

/// An ANSI text colour.
enum TextColor: String, Sendable {
    case red = "31", blue = "34", green = "32", bold = "1", dim = "2"

    func apply(_ text: String, if enabled: Bool) -> String {
        enabled && !text.isEmpty ? "\u{1B}[\(rawValue)m\(text)\u{1B}[0m" : text
    }
}
