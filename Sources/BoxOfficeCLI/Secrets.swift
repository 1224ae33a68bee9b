import BoxOfficeCore
import Synchronization

/// Texts that must never be printed: the key, as configured and as sent (percent-encoded).
///
/// Every line boxoffice writes, data and messages alike, passes through `hide`, so a server that
/// echoes the key in a fault, a title or a redirect never gets it onto the screen, whatever its length.
final class Secrets: Sendable {
    private let values = Mutex<[String]>([])

    /// Adds the key in each form it may appear in.
    func add(key: String) {
        let forms = [key, KOBISOperation.percentEncoded(key)].filter { !$0.isEmpty }
        values.withLock { values in
            for form in forms where !values.contains(form) { values.append(form) }
            // Longer forms first, so that a form containing another is hidden whole.
            values.sort { $0.count > $1.count }
        }
    }

    var all: [String] { values.withLock { $0 } }

    func hide(_ text: String) -> String {
        Self.hide(all, in: text)
    }

    static func hide(_ secrets: [String], in text: String) -> String {
        secrets.reduce(text) { text, secret in
            secret.isEmpty || !text.contains(secret) ? text : text.replacing(secret, with: "***")
        }
    }
}
