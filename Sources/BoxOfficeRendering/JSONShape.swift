import BoxOfficeCore

/// The shape of a value's JSON, made from the fields its type declares (``Field``): the keys of
/// each object in order, what each list holds, and what each key means (``Meaning``: its type,
/// blankness and meaning). The MCP server's output schemas are made from it, so a schema describes
/// what a type writes, not what one sample call happened to answer.
///
/// A struct over arrays rather than an indirect enum: an indirect enum's boxes are reached through
/// tagged pointers, which LeakSanitizer cannot follow from the static shapes, and so reports.
package struct JSONShape: Sendable {
    package enum Kind: Sendable {
        /// One value: a string, a number, true or false, or null.
        case leaf
        /// A list of values of one shape (`item`).
        case list
        /// An object's members, in order.
        case object
        /// A member an object has only sometimes (a filtered ranking's `filter`), of shape `item`.
        case optional
    }

    package let kind: Kind
    /// An object's members.
    package let members: [(String, JSONShape)]
    /// What a list holds, or what an optional member is: one shape, or none.
    private let inner: [JSONShape]
    /// What the key holding this value means; nil for a list's items and a whole answer.
    package let meaning: Meaning?

    /// A list's item, or an optional member's shape.
    package var item: JSONShape { inner.first ?? JSONShape(.leaf) }

    private init(_ kind: Kind, members: [(String, JSONShape)] = [], inner: [JSONShape] = [], meaning: Meaning? = nil) {
        self.kind = kind
        self.members = members
        self.inner = inner
        self.meaning = meaning
    }

    /// One value, meaning `meaning`.
    package static func leaf(_ meaning: Meaning) -> JSONShape { JSONShape(.leaf, meaning: meaning) }
    /// A list of `item`s, meaning `meaning`.
    package static func list(_ item: JSONShape, _ meaning: Meaning? = nil) -> JSONShape { JSONShape(.list, inner: [item], meaning: meaning) }
    /// An object of `members`; `meaning` says what it is under its key (a ranking's `filter`).
    package static func object(_ members: [(String, JSONShape)], _ meaning: Meaning? = nil) -> JSONShape {
        JSONShape(.object, members: members, meaning: meaning)
    }
    /// A member an object has only sometimes.
    package static func optional(_ shape: JSONShape) -> JSONShape { JSONShape(.optional, inner: [shape]) }

    /// The same shape, meaning `meaning` under its key.
    package func meaning(_ meaning: Meaning) -> JSONShape { JSONShape(kind, members: members, inner: inner, meaning: meaning) }

    /// The keys of an object, in order: what `--fields` takes.
    package var keys: [String] { members.map(\.0) }

    /// The shape of an object's member `key` (an optional one's own shape), if it has one.
    package func member(_ key: String) -> JSONShape? {
        guard let shape = members.first(where: { $0.0 == key })?.1 else { return nil }
        return shape.isOptional ? shape.item : shape
    }

    /// Whether this member may be absent.
    package var isOptional: Bool { kind == .optional }

    /// Whether `value` has this shape: every member it declares (but the optional ones), no
    /// other, each of its shape (a null stands for any shape, a list may be empty). Keys are
    /// compared as sets: a parsed object need not keep its order.
    package func describes(_ value: JSONValue) -> Bool {
        switch (kind, value) {
        case (.optional, _): return item.describes(value)
        case (_, .null), (.leaf, .bool), (.leaf, .int), (.leaf, .double), (.leaf, .string): return true
        case let (.list, .array(values)): return values.allSatisfy(item.describes)
        case let (.object, .object(fields)):
            return Set(fields.map(\.0)).isSubset(of: members.map(\.0))
                && members.allSatisfy { name, shape in
                    guard let field = fields.first(where: { $0.0 == name }) else { return shape.isOptional }
                    return shape.describes(field.1)
                }
        default: return false
        }
    }
}
