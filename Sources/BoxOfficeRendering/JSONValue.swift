import BoxOfficeCore
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
        var output = ""
        if pretty {
            write(into: &output, indent: 0)
        } else {
            writeCompact(into: &output)
        }
        output += "\n"
        return output
    }

    /// The value as an element of a pretty-printed array: indented one level, without a newline
    /// at the end (for writing a long array piece by piece).
    package func serializedElement(pretty: Bool) -> String {
        var output = ""
        if pretty {
            output += "  "
            write(into: &output, indent: 1)
        } else {
            writeCompact(into: &output)
        }
        return output
    }

    /// One line, no spaces: what JSON Lines and a pipe want.
    private func writeCompact(into output: inout String) {
        switch self {
        case let .array(values):
            output += "["
            for (index, value) in values.enumerated() {
                if index > 0 { output += "," }
                value.writeCompact(into: &output)
            }
            output += "]"
        case let .object(members):
            output += "{"
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { output += "," }
                Self.quote(key, into: &output)
                output += ":"
                value.writeCompact(into: &output)
            }
            output += "}"
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
    var isNumber: Bool {
        switch self {
        case .int, .double: true
        default: false
        }
    }

    private func write(into output: inout String, indent: Int) {
        switch self {
        case .null: output += "null"
        case let .bool(value): output += value ? "true" : "false"
        case let .int(value): output += String(value)
        case let .double(value): output += Self.format(value)
        case let .string(value): Self.quote(value, into: &output)
        case let .array(values):
            guard !values.isEmpty else { output += "[]"; return }
            output += "[\n"
            for (index, value) in values.enumerated() {
                output += String(repeating: "  ", count: indent + 1)
                value.write(into: &output, indent: indent + 1)
                output += index == values.count - 1 ? "\n" : ",\n"
            }
            output += String(repeating: "  ", count: indent) + "]"
        case let .object(members):
            guard !members.isEmpty else { output += "{}"; return }
            output += "{\n"
            for (index, (key, value)) in members.enumerated() {
                output += String(repeating: "  ", count: indent + 1)
                Self.quote(key, into: &output)
                output += ": "
                value.write(into: &output, indent: indent + 1)
                output += index == members.count - 1 ? "\n" : ",\n"
            }
            output += String(repeating: "  ", count: indent) + "}"
        }
    }

    /// Shortest form that reads back as the same number: `41.2`, `100`, `-17.9`.
    private static func format(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }

    private static func quote(_ text: String, into output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || (0x2028...0x2029).contains(scalar.value):
                output += "\\u" + cFormat("%04x", scalar.value)
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
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
