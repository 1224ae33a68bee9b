#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An image file shown as it is, in the terminals that can: iTerm2's inline-image escape (also
/// WezTerm's), and kitty's graphics protocol, which takes PNG.
enum InlineImage {
    enum Kind: Equatable {
        case iTerm2, kitty
    }

    /// What the terminal speaks, from the environment it sets.
    static func supported(in environment: [String: String]) -> Kind? {
        let program = environment["TERM_PROGRAM"] ?? ""
        if program == "iTerm.app" || program == "WezTerm" || environment["LC_TERMINAL"] == "iTerm2" { return .iTerm2 }
        if environment["TERM"] == "xterm-kitty" || environment["KITTY_WINDOW_ID"] != nil { return .kitty }
        return nil
    }

    static func isPNG(_ image: Data) -> Bool {
        image.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    }

    /// The escape that draws `image` within `columns` × `rows` cells, or nil when this terminal
    /// cannot show it.
    static func escape(for image: Data, in environment: [String: String], columns: Int, rows: Int) -> String? {
        switch supported(in: environment) {
        case .iTerm2?:
            return "\u{1B}]1337;File=inline=1;size=\(image.count);width=\(columns);height=\(max(1, rows));preserveAspectRatio=1:"
                + image.base64EncodedString() + "\u{7}"
        case .kitty? where isPNG(image):
            // In pieces of at most 4,096 characters, as the protocol asks.
            let encoded = Array(image.base64EncodedString().utf8)
            var text = ""
            var start = 0
            repeat {
                let end = min(encoded.count, start + 4096)
                let more = end < encoded.count ? 1 : 0
                let control = start == 0 ? "a=T,f=100,c=\(columns),r=\(max(1, rows)),m=\(more)" : "m=\(more)"
                text += "\u{1B}_G\(control);" + String(decoding: encoded[start..<end], as: UTF8.self) + "\u{1B}\\"
                start = end
            } while start < encoded.count
            return text
        default:
            return nil
        }
    }

    /// Why the image is not shown here.
    static func refusal(for image: Data, in environment: [String: String]) -> String {
        supported(in: environment) == .kitty ? "kitty shows PNG posters only; this one is at" : "this terminal cannot show images; the poster is at"
    }
}
