#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A JSON value whose objects keep their keys in the order given, so output reads like the contract.
package enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case let (.bool(a), .bool(b)): a == b
        case let (.int(a), .int(b)): a == b
        case let (.double(a), .double(b)): a == b
        case let (.string(a), .string(b)): a == b
        case let (.array(a), .array(b)): a == b
        case let (.object(a), .object(b)): a.map(\.0) == b.map(\.0) && a.map(\.1) == b.map(\.1)
        default: false
        }
    }

    /// Pretty-printed with two-space indents (or compact, on one line) and a final newline;
    /// non-ASCII text is written as is, control characters escaped.
    package func serialized(pretty: Bool = true) -> String {
        var output = JSONBytes()
        if pretty {
            write(into: &output, indent: 0)
        } else {
            writeCompact(into: &output)
        }
        output.bytes.append(UInt8(ascii: "\n"))
        return output.text
    }

    /// The value as an element of a pretty-printed array: indented one level, without a newline
    /// at the end (for writing a long array piece by piece).
    package func serializedElement(pretty: Bool) -> String {
        var output = JSONBytes()
        if pretty {
            output.append("  ")
            write(into: &output, indent: 1)
        } else {
            writeCompact(into: &output)
        }
        return output.text
    }

    /// One line, no spaces: what JSON Lines and a pipe want.
    private func writeCompact(into output: inout JSONBytes) {
        switch self {
        case let .array(values):
            output.append("[")
            for (index, value) in values.enumerated() {
                if index > 0 { output.append(",") }
                value.writeCompact(into: &output)
            }
            output.append("]")
        case let .object(members):
            output.append("{")
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { output.append(",") }
                output.quote(key)
                output.append(":")
                value.writeCompact(into: &output)
            }
            output.append("}")
        default:
            write(into: &output, indent: 0)
        }
    }

    /// The value as one cell of a flat format: text as it is, numbers as JSON writes them, null
    /// empty; a list's items joined with `; `, an object's non-empty values with ` / `.
    package var flatText: String {
        switch self {
        case .null: ""
        case let .bool(value): value ? "true" : "false"
        case let .int(value): String(value)
        case let .double(value): Self.format(value)
        case let .string(value): value
        case let .array(values): values.map(\.flatText).filter { !$0.isEmpty }.joined(separator: "; ")
        case let .object(members): members.map(\.1.flatText).filter { !$0.isEmpty }.joined(separator: " / ")
        }
    }

    /// The object with only `fields`, in their order (a missing one is null).
    package func selecting(_ fields: [String]) -> JSONValue {
        guard case let .object(members) = self else { return self }
        return .object(fields.map { field in (field, members.first { $0.0 == field }?.1 ?? .null) })
    }

    /// Whether the value is a number (for right-aligning a column).
    package var isNumber: Bool {
        switch self {
        case .int, .double: true
        default: false
        }
    }

    private func write(into output: inout JSONBytes, indent: Int) {
        switch self {
        case .null: output.append("null")
        case let .bool(value): output.append(value ? "true" : "false")
        case let .int(value): output.append(String(value))
        case let .double(value): output.append(Self.format(value))
        case let .string(value): output.quote(value)
        case let .array(values):
            guard !values.isEmpty else { output.append("[]"); return }
            output.append("[\n")
            for (index, value) in values.enumerated() {
                output.indent(indent + 1)
                value.write(into: &output, indent: indent + 1)
                output.append(index == values.count - 1 ? "\n" : ",\n")
            }
            output.indent(indent)
            output.append("]")
        case let .object(members):
            guard !members.isEmpty else { output.append("{}"); return }
            output.append("{\n")
            for (index, (key, value)) in members.enumerated() {
                output.indent(indent + 1)
                output.quote(key)
                output.append(": ")
                value.write(into: &output, indent: indent + 1)
                output.append(index == members.count - 1 ? "\n" : ",\n")
            }
            output.indent(indent)
            output.append("}")
        }
    }

    /// Shortest form that reads back as the same number: `41.2`, `100`, `-17.9`.
    private static func format(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }
}

/// JSON text as it is written: UTF-8 bytes, appended in runs (a string's plain stretches are
/// copied whole, not scalar by scalar).
private struct JSONBytes {
    var bytes: [UInt8] = []

    init() {
        bytes.reserveCapacity(1024)
    }

    var text: String { String(decoding: bytes, as: UTF8.self) }

    mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    mutating func indent(_ levels: Int) {
        for _ in 0..<levels { bytes.append(0x20); bytes.append(0x20) }
    }

    /// `text` in quotes: `"` and `\` escaped, line breaks and tabs as `\n` `\r` `\t`, other
    /// control characters, DEL and U+2028/U+2029 as `\u` escapes; everything else as it is.
    mutating func quote(_ text: String) {
        bytes.append(0x22)
        var text = text
        text.withUTF8 { quote($0) }
        bytes.append(0x22)
    }

    private mutating func quote(_ utf8: UnsafeBufferPointer<UInt8>) {
        var start = 0
        var index = 0
        while index < utf8.count {
            let byte = utf8[index]
            let escape: [UInt8]?
            var length = 1
            switch byte {
            case 0x22: escape = [0x5C, 0x22]
            case 0x5C: escape = [0x5C, 0x5C]
            case 0x0A: escape = [0x5C, 0x6E]
            case 0x0D: escape = [0x5C, 0x72]
            case 0x09: escape = [0x5C, 0x74]
            case 0x00...0x1F, 0x7F: escape = Self.unicodeEscape(UInt32(byte))
            case 0xE2 where index + 2 < utf8.count && utf8[index + 1] == 0x80 && (utf8[index + 2] == 0xA8 || utf8[index + 2] == 0xA9):
                escape = Self.unicodeEscape(0x2000 | UInt32(utf8[index + 2] & 0x3F))
                length = 3
            default: escape = nil
            }
            if let escape {
                if index > start { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index])) }
                bytes.append(contentsOf: escape)
                index += length
                start = index
            } else {
                index += 1
            }
        }
        if utf8.count > start { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<utf8.count])) }
    }

    /// `\u` and four lower-case hex digits.
    private static func unicodeEscape(_ value: UInt32) -> [UInt8] {
        let digits = Array("0123456789abcdef".utf8)
        return [0x5C, 0x75] + [12, 8, 4, 0].map { digits[Int((value >> UInt32($0)) & 0xF)] }
    }
}

extension JSONValue {
    package init(_ text: String?) { self = text.map(JSONValue.string) ?? .null }
    package init(_ number: Int?) { self = number.map { .int(Int64($0)) } ?? .null }
    package init(_ number: Int64?) { self = number.map(JSONValue.int) ?? .null }
    package init(_ number: Double?) { self = number.map(JSONValue.double) ?? .null }
    package init(_ day: Day?) { self = day.map { .string($0.iso) } ?? .null }
}

extension JSONValue: Decodable {
    /// Any JSON document, keys in the order they came (as far as the decoder keeps them).
    package init(from decoder: any Decoder) throws {
        if let container = try? decoder.container(keyedBy: AnyKey.self) {
            var members: [(String, JSONValue)] = []
            for key in container.allKeys {
                members.append((key.stringValue, try container.decode(JSONValue.self, forKey: key)))
            }
            self = .object(members.sorted { $0.0 < $1.0 })
            return
        }
        if var container = try? decoder.unkeyedContainer() {
            var values: [JSONValue] = []
            while !container.isAtEnd { values.append(try container.decode(JSONValue.self)) }
            self = .array(values)
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self = .null
        } else if let bool = try? single.decode(Bool.self) {
            self = .bool(bool)
        } else if let int = try? single.decode(Int64.self) {
            self = .int(int)
        } else if let double = try? single.decode(Double.self) {
            self = .double(double)
        } else {
            self = .string(try single.decode(String.self))
        }
    }

    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Parses JSON text; nil when it is not JSON.
    package static func parse(_ data: Data) -> JSONValue? {
        try? JSONDecoder().decode(JSONValue.self, from: data)
    }

    /// A member of an object, or nil.
    package subscript(_ key: String) -> JSONValue? {
        guard case let .object(members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    package var stringValue: String? {
        if case let .string(text) = self { return text }
        return nil
    }
}
