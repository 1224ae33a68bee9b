/// Turns the bytes a terminal sends into keys: UTF-8 (Hangul included, split across reads or
/// not), control keys, and the escape sequences of arrows and paging keys in their xterm, VT220
/// and application-mode forms. A lone Esc is told from the start of a sequence by time: the
/// reader calls `flush()` when nothing followed it promptly.
struct KeyDecoder {
    private var pending: [UInt8] = []

    /// The keys the bytes complete; an incomplete sequence or character waits for more.
    mutating func feed(_ bytes: some Sequence<UInt8>) -> [BrowseKey] {
        pending.append(contentsOf: bytes)
        var keys: [BrowseKey] = []
        while let (key, used) = Self.decode(pending[...]) {
            pending.removeFirst(used)
            if let key { keys.append(key) }
        }
        // Garbage never piles up: a sequence longer than any key is dropped.
        if pending.count > 16 { pending.removeAll() }
        return keys
    }

    /// Whether bytes wait for more (an Esc, or part of a sequence or a character).
    var isWaiting: Bool { !pending.isEmpty }

    /// Nothing more came: what waits is a lone Esc (and whatever followed it, taken as typed).
    mutating func flush() -> [BrowseKey] {
        guard !pending.isEmpty else { return [] }
        let bytes = pending
        pending.removeAll()
        guard bytes.first == 0x1B else { return [] }
        var keys: [BrowseKey] = [.escape]
        keys += feed(bytes.dropFirst())
        return keys
    }

    /// One key from the start of `bytes`, and how many bytes it took; nil when more are needed.
    /// A decoded key of nil is a sequence understood and ignored.
    private static func decode(_ bytes: ArraySlice<UInt8>) -> (BrowseKey?, Int)? {
        guard let first = bytes.first else { return nil }
        switch first {
        case 0x1B: return escape(bytes)
        case 0x0D, 0x0A: return (.enter, 1)
        case 0x7F, 0x08: return (.backspace, 1)
        case 0x09: return (.tab, 1)
        case 0x03: return (.interrupt, 1)
        case 0x1A: return (.suspend, 1)
        case 0x0C: return (.redraw, 1)
        case 0x02: return (.pageUp, 1)    // Ctrl-B, as in less and vi
        case 0x06: return (.pageDown, 1)  // Ctrl-F
        case 0x10: return (.up, 1)        // Ctrl-P
        case 0x0E: return (.down, 1)      // Ctrl-N
        case 0x00..<0x20: return (nil, 1)
        case 0x20..<0x80: return (.character(Character(Unicode.Scalar(first))), 1)
        default: return utf8(bytes)
        }
    }

    private static func utf8(_ bytes: ArraySlice<UInt8>) -> (BrowseKey?, Int)? {
        let first = bytes[bytes.startIndex]
        let length = switch first {
        case 0xC2...0xDF: 2
        case 0xE0...0xEF: 3
        case 0xF0...0xF4: 4
        default: 0
        }
        guard length > 0 else { return (nil, 1) }
        guard bytes.count >= length else {
            // A byte that cannot continue the character makes it invalid now, not later.
            return bytes.dropFirst().allSatisfy { $0 & 0xC0 == 0x80 } ? nil : (nil, 1)
        }
        let encoded = bytes.prefix(length)
        guard encoded.dropFirst().allSatisfy({ $0 & 0xC0 == 0x80 }),
              let text = String(validating: encoded, as: UTF8.self), let character = text.first else { return (nil, 1) }
        return (.character(character), length)
    }

    private static func escape(_ bytes: ArraySlice<UInt8>) -> (BrowseKey?, Int)? {
        guard bytes.count >= 2 else { return nil }
        let second = bytes[bytes.startIndex + 1]
        switch second {
        case UInt8(ascii: "["), UInt8(ascii: "O"):
            // CSI or SS3: parameters and intermediates, then a final byte in @…~.
            var index = bytes.startIndex + 2
            while index < bytes.endIndex {
                let byte = bytes[index]
                if (0x40...0x7E).contains(byte) {
                    let parameters = String(decoding: bytes[(bytes.startIndex + 2)..<index], as: UTF8.self)
                    return (key(final: byte, parameters: parameters), index - bytes.startIndex + 1)
                }
                guard (0x20...0x3F).contains(byte) else { return (nil, index - bytes.startIndex) }
                index += 1
            }
            return nil
        case 0x1B:
            // Esc Esc: the first was a key of its own.
            return (.escape, 1)
        default:
            // Alt and a key: taken as the key alone.
            return decode(bytes.dropFirst()).map { ($0.0, $0.1 + 1) }
        }
    }

    private static func key(final: UInt8, parameters: String) -> BrowseKey? {
        switch final {
        case UInt8(ascii: "A"): .up
        case UInt8(ascii: "B"): .down
        case UInt8(ascii: "C"): .right
        case UInt8(ascii: "D"): .left
        case UInt8(ascii: "H"): .home
        case UInt8(ascii: "F"): .end
        case UInt8(ascii: "~"):
            switch parameters.split(separator: ";").first {
            case "1", "7": .home
            case "4", "8": .end
            case "5": .pageUp
            case "6": .pageDown
            default: nil
            }
        default: nil
        }
    }
}
