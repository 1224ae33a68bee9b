import BoxOfficeArguments
import BoxOfficeCore
import BoxOfficeRendering
import BoxOfficeStorage

/// The key, once known: every line boxoffice writes, data and messages alike, passes through
/// `hide`, so a server that echoes the key never gets it onto the screen, whatever its length or
/// spelling (`SecretMask` says which spellings are caught).
final class Secrets: Sendable {
    private let keys = Locked<[String]>([])
    private let mask = Locked(SecretMask([]))
    private let origin = Locked<KeySource.Origin?>(nil)

    /// Where the KOBIS key came from, for a message when KOBIS rejects it.
    var keyOrigin: KeySource.Origin? {
        get { origin.withLock { $0 } }
        set { origin.withLock { $0 = newValue } }
    }

    func add(key: String) {
        // A key too short to be KOBIS's is refused before anything is sent with it; masking its
        // letters everywhere would only garble the message that says so.
        guard key.count >= KeySource.shortestKey else { return }
        mask.withLock { mask in
            keys.withLock { keys in
                guard !key.isEmpty, !keys.contains(key) else { return }
                keys.append(key)
                mask = SecretMask(keys)
            }
        }
    }

    func hide(_ text: String) -> String {
        mask.withLock { $0 }.apply(to: text)
    }
}
