import BoxOfficeCore

/// One key of a type's JSON, declared once: the key, what it holds (its shape, with its
/// ``Meaning``) and how its value is read. A type lists its fields in the order its JSON writes
/// them; its JSON, its shape (so the MCP server's output schema), and its keys (`--fields`, the
/// flat formats' columns, completions) are all made from that list.
package struct Field<Model>: Sendable {
    package let key: String
    package let shape: JSONShape
    /// The value, or nil when the object leaves the key out.
    private let value: @Sendable (Model) -> JSONValue?

    private init(_ key: String, _ shape: JSONShape, _ value: @escaping @Sendable (Model) -> JSONValue?) {
        self.key = key
        self.shape = shape
        self.value = value
    }

    /// The member of `model`'s object, or nil when it leaves the key out.
    package func member(of model: Model) -> (String, JSONValue)? {
        value(model).map { (key, $0) }
    }

    /// One value.
    package static func leaf(_ key: String, _ meaning: Meaning, _ value: @escaping @Sendable (Model) -> JSONValue) -> Field {
        Field(key, .leaf(meaning)) { value($0) }
    }

    /// One value the object has only sometimes: nil leaves the key out.
    package static func optional(_ key: String, _ meaning: Meaning, _ value: @escaping @Sendable (Model) -> JSONValue?) -> Field {
        Field(key, .optional(.leaf(meaning)), value)
    }

    /// A list of texts (genres, nations …).
    package static func texts(_ key: String, _ meaning: Meaning, _ value: @escaping @Sendable (Model) -> [String]) -> Field {
        Field(key, .list(.leaf(meaning), meaning)) { .array(value($0).map(JSONValue.string)) }
    }

    /// A list of objects, each as `fields` declare it.
    package static func list<Item>(_ key: String, _ meaning: Meaning, _ fields: [Field<Item>],
                                   _ value: @escaping @Sendable (Model) -> [Item]) -> Field {
        Field(key, .list(fields.shape(), meaning)) { .array(value($0).map(fields.json)) }
    }

    /// A list of objects, each as `fields` declare it, or null where it does not apply.
    package static func list<Item>(_ key: String, _ meaning: Meaning, _ fields: [Field<Item>],
                                   _ value: @escaping @Sendable (Model) -> [Item]?) -> Field {
        Field(key, .list(fields.shape(), meaning)) { value($0).map { .array($0.map(fields.json)) } ?? .null }
    }

    /// An object, as `fields` declare it, or null.
    package static func object<Sub>(_ key: String, _ meaning: Meaning, _ fields: [Field<Sub>], _ value: @escaping @Sendable (Model) -> Sub?) -> Field {
        Field(key, fields.shape(meaning)) { value($0).map(fields.json) ?? .null }
    }

    /// A member of a type that declares its own shape and writes its own JSON (a ranking's
    /// `filter`), or nil to leave it out (then the shape says it is optional).
    package static func member(_ key: String, _ shape: JSONShape, _ value: @escaping @Sendable (Model) -> JSONValue?) -> Field {
        Field(key, shape, value)
    }

    /// The fields of a part of the model (a period's coverage), each read through `part`; a
    /// model without the part leaves them out.
    package static func part<Part>(_ fields: [Field<Part>], _ part: @escaping @Sendable (Model) -> Part?) -> [Field] {
        fields.map { field in Field(field.key, field.shape) { model in part(model).flatMap { field.value($0) } } }
    }
}

package extension Array {
    /// The JSON object of `model`, one member per field it has, in the declared order.
    func json<Model>(_ model: Model) -> JSONValue where Element == Field<Model> {
        .object(compactMap { $0.member(of: model) })
    }

    /// The shape of the objects these fields write; `meaning` says what one is under its key.
    func shape<Model>(_ meaning: Meaning? = nil) -> JSONShape where Element == Field<Model> {
        .object(map { ($0.key, $0.shape) }, meaning)
    }

    /// The keys, in order.
    func keys<Model>() -> [String] where Element == Field<Model> {
        map(\.key)
    }
}

// MARK: Fields

/// A value seen within what holds it: an item with what its list says of every item (a ranking's
/// last exact rank, whether a trend is aligned, whether a calendar marks days read).
package struct Within<Item: Sendable, Context: Sendable>: Sendable {
    package let item: Item
    package let context: Context

    package init(_ item: Item, _ context: Context) {
        self.item = item
        self.context = context
    }
}
