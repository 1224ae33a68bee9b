
/// Words shared by every face's messages.
package enum MessageText {
    /// A user's text quoted for a message: `'text'`, or, when it is long, its start and its length,
    /// so that a 100 KB argument does not fill the screen. Cut on a character boundary.
    package static func quote(_ text: String) -> String {
        let limit = 60
        guard text.count > limit else { return "'\(text)'" }
        return "'\(text.prefix(40))…' (\(NumberFormat.grouped(text.count)) characters)"
    }
}
