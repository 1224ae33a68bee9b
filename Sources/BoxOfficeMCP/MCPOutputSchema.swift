import BoxOfficeCore
import BoxOfficeRendering

/// The output schemas of the MCP tools, made from the types of their values: the structure (keys,
/// nesting, lists) and each key's type, blankness and meaning are the `JSONShape` of the fields the
/// type declares once, which write its JSON too.
enum MCPOutputSchema {
    /// The schema of a value of `shape`; `item`: the value is an item of a list (which the list's
    /// own meaning describes).
    static func of(_ shape: JSONShape, item: Bool = false) -> JSONValue {
        switch shape.kind {
        case .object:
            let required = shape.members.filter { !$0.1.isOptional }
            // An object under a key says what it is too (a ranking's `filter`), and whether it may be null (a run's `openingDay`).
            let described = item ? [] : shape.meaning.map { [("description", JSONValue.string($0.description))] } ?? []
            let type: JSONValue = shape.meaning?.nullable == true && !item ? .array([.string("object"), .string("null")]) : .string("object")
            return .object([("type", type)] + described
                + [("properties", .object(shape.members.map { key, member in (key, key == "daysNotRead" ? ranges(member) : of(member)) })),
                   ("required", .array(required.map { .string($0.0) }))])
        case .optional:
            return of(shape.item)
        case .list:
            var schema: [(String, JSONValue)] = [("type", shape.meaning?.nullable == true ? .array([.string("array"), .string("null")]) : .string("array"))]
            if let meaning = shape.meaning { schema.append(("description", .string(meaning.description))) }
            if let scalar = shape.meaning?.items {
                schema.append(("items", .object([("type", .string(scalar.rawValue))])))
            } else if shape.item.kind == .object {
                schema.append(("items", of(shape.item, item: true)))
            } else if shape.item.kind == .list {
                schema.append(("items", of(shape.item)))
            } else if shape.item.kind == .leaf, let meaning = shape.item.meaning, meaning.type == nil {
                // A value of a query's: a number, text, or null.
                schema.append(("items", .object([("type", .array([.string("string"), .string("number"), .string("null")])),
                                                 ("description", .string(meaning.description))])))
            } else {
                schema.append(("items", .object([])))
            }
            return .object(schema)
        case .leaf:
            return shape.meaning?.schema ?? .object([])
        }
    }

    /// `daysNotRead` as the server gives it: days in a row not read for one reason as one range,
    /// `{from, to, reason, …}` (`MCPServer.rangingDaysNotRead`), the rest of a day's keys kept.
    static func ranges(_ list: JSONShape) -> JSONValue {
        let day = list.item
        let range = JSONShape.object([("from", .leaf(.rangeFrom)), ("to", .leaf(.rangeTo))] + day.members.filter { $0.0 != "date" })
        var schema: [(String, JSONValue)] = [("type", .string("array"))]
        schema.append(("description", .string("The period's days that were not read, days in a row not read for one reason (and KOBIS's same error) as one range, each with why; empty when every day was read.")))
        schema.append(("items", of(range, item: true)))
        return .object(schema)
    }
}
