#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A quick reading of a daily answer in exactly the shape KOBIS sends it: one object holding
/// `boxOfficeResult` with its type, its range and at most ten rows of the eighteen keys, every
/// value a string or null. Anything else (another key, a number, a repeated key, text KOBIS never
/// sends, JSON that is not whole) gives nil, and `JSONDecoder` reads the answer instead, with its
/// precise errors: the two agree on every answer this one reads (a test holds them to it on every
/// recorded day and on hostile ones). A period or a film's run reads many days, and `JSONDecoder`
/// was a quarter of their time.
enum DailyAnswerScanner {
    /// The answer, or nil when it is not in KOBIS's own shape.
    static func response(_ body: Data) -> DailyBoxOfficeResponse? {
        body.withUnsafeBytes { raw in
            var scanner = Scanner(bytes: raw.bindMemory(to: UInt8.self))
            return scanner.response()
        }
    }

    /// The rows' keys, and where each goes.
    private static let rowKeys: [String: any WritableKeyPath<BoxOfficeRowDTO, String?> & Sendable] = [
        "rnum": \.rnum, "rank": \.rank, "rankInten": \.rankInten, "rankOldAndNew": \.rankOldAndNew, "movieCd": \.movieCd,
        "movieNm": \.movieNm, "openDt": \.openDt, "salesAmt": \.salesAmt, "salesShare": \.salesShare, "salesInten": \.salesInten,
        "salesChange": \.salesChange, "salesAcc": \.salesAcc, "audiCnt": \.audiCnt, "audiInten": \.audiInten, "audiChange": \.audiChange,
        "audiAcc": \.audiAcc, "scrnCnt": \.scrnCnt, "showCnt": \.showCnt,
    ]

    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        mutating func response() -> DailyBoxOfficeResponse? {
            var result: DailyBoxOfficeResponse.Result?
            let read = object { scanner, key in
                guard key == "boxOfficeResult", result == nil, let value = scanner.result() else { return false }
                result = value
                return true
            }
            skipSpace()
            guard read, index == bytes.count, let result else { return nil }
            return DailyBoxOfficeResponse(boxOfficeResult: result)
        }

        /// `boxOfficeResult`: its type, range and rows, each at most once.
        mutating func result() -> DailyBoxOfficeResponse.Result? {
            var seen: Set<String> = []
            var type: String?, range: String?, rows: [BoxOfficeRowDTO]?
            let read = object { scanner, key in
                guard seen.insert(key).inserted else { return false }
                switch key {
                case "boxofficeType":
                    guard let value = scanner.stringOrNull() else { return false }
                    type = value
                case "showRange":
                    guard let value = scanner.stringOrNull() else { return false }
                    range = value
                case "dailyBoxOfficeList":
                    if scanner.literal("null") { return true }
                    guard let list = scanner.rows() else { return false }
                    rows = list
                default:
                    return false
                }
                return true
            }
            return read ? DailyBoxOfficeResponse.Result(boxofficeType: type, showRange: range, dailyBoxOfficeList: rows) : nil
        }

        /// The list: at most ten rows (a longer one is `JSONDecoder`'s to refuse, with its message).
        mutating func rows() -> [BoxOfficeRowDTO]? {
            guard take(UInt8(ascii: "[")) else { return nil }
            var rows: [BoxOfficeRowDTO] = []
            if take(UInt8(ascii: "]")) { return rows }
            repeat {
                guard rows.count < RankedRows.limit, let row = row() else { return nil }
                rows.append(row)
            } while take(UInt8(ascii: ","))
            return take(UInt8(ascii: "]")) ? rows : nil
        }

        mutating func row() -> BoxOfficeRowDTO? {
            var row = BoxOfficeRowDTO(rnum: nil, rank: nil, rankInten: nil, rankOldAndNew: nil, movieCd: nil, movieNm: nil, openDt: nil,
                                      salesAmt: nil, salesShare: nil, salesInten: nil, salesChange: nil, salesAcc: nil, audiCnt: nil,
                                      audiInten: nil, audiChange: nil, audiAcc: nil, scrnCnt: nil, showCnt: nil)
            var seen: Set<String> = []
            let read = object { scanner, key in
                guard let path = DailyAnswerScanner.rowKeys[key], seen.insert(key).inserted, let value = scanner.stringOrNull() else { return false }
                row[keyPath: path] = value
                return true
            }
            return read ? row : nil
        }

        /// An object's members, each read by `member` after its key (false: not this shape).
        mutating func object(_ member: (inout Scanner, String) -> Bool) -> Bool {
            guard take(UInt8(ascii: "{")) else { return false }
            if take(UInt8(ascii: "}")) { return true }
            repeat {
                guard peek() == UInt8(ascii: "\""), let key = string(), take(UInt8(ascii: ":")), member(&self, key) else { return false }
            } while take(UInt8(ascii: ","))
            return take(UInt8(ascii: "}"))
        }

        /// A string (`.some(text)`), null (`.some(nil)`), or nil for anything else.
        mutating func stringOrNull() -> String?? {
            if literal("null") { return .some(nil) }
            guard peek() == UInt8(ascii: "\""), let text = string() else { return nil }
            return .some(text)
        }

        mutating func literal(_ word: StaticString) -> Bool {
            skipSpace()
            let count = word.utf8CodeUnitCount
            guard bytes.count - index >= count else { return false }
            for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { return false }
            index += count
            return true
        }

        /// A string at its opening quote, its escapes undone; nil for a control character, a bad
        /// escape, a lone surrogate or bytes that are not UTF-8.
        mutating func string() -> String? {
            index += 1
            let start = index
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    defer { index += 1 }
                    return String(validating: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                }
                if byte == UInt8(ascii: "\\") { break }
                if byte < 0x20 { return nil }
                index += 1
            }
            var text = Array(bytes[start..<index])
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                switch byte {
                case UInt8(ascii: "\""): return String(validating: text, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    guard index < bytes.count else { return nil }
                    let escape = bytes[index]
                    index += 1
                    switch escape {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escape)
                    case UInt8(ascii: "b"): text.append(0x08)
                    case UInt8(ascii: "f"): text.append(0x0C)
                    case UInt8(ascii: "n"): text.append(0x0A)
                    case UInt8(ascii: "r"): text.append(0x0D)
                    case UInt8(ascii: "t"): text.append(0x09)
                    case UInt8(ascii: "u"):
                        guard let scalar = unicodeEscape() else { return nil }
                        UTF8.encode(scalar) { text.append($0) }
                    default: return nil
                    }
                default:
                    guard byte >= 0x20 else { return nil }
                    text.append(byte)
                }
            }
            return nil
        }

        /// The scalar of `\uXXXX` (after its `u`), a surrogate pair read whole; nil for a lone surrogate.
        mutating func unicodeEscape() -> Unicode.Scalar? {
            guard let unit = hex4() else { return nil }
            switch unit {
            case 0xD800...0xDBFF:
                // Its low half must follow at once, as `\uDC00`…`\uDFFF`.
                guard bytes.count - index >= 2, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else { return nil }
                index += 2
                guard let low = hex4(), (0xDC00...0xDFFF).contains(low) else { return nil }
                return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
            case 0xDC00...0xDFFF: return nil
            default: return Unicode.Scalar(unit)
            }
        }

        mutating func hex4() -> UInt32? {
            guard bytes.count - index >= 4 else { return nil }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let byte = bytes[index]
                let digit: UInt32
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
                default: return nil
                }
                value = value << 4 | digit
                index += 1
            }
            return value
        }

        mutating func skipSpace() {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 { index += 1 }
        }

        mutating func peek() -> UInt8? {
            skipSpace()
            return index < bytes.count ? bytes[index] : nil
        }

        mutating func take(_ byte: UInt8) -> Bool {
            guard peek() == byte else { return false }
            index += 1
            return true
        }
    }
}
