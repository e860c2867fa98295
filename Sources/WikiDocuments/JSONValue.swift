/// A parsed JSON value.
///
/// Numbers keep their source text so that nothing is lost or rounded; object members keep
/// their order (a document's fields are hashed and written back as they came).
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    /// A number, as it was written in the source.
    case number(String)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// The string, when this is a string.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The object, when this is an object.
    public var objectValue: JSONObject? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// The elements, when this is an array.
    public var arrayValue: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The boolean, when this is `true` or `false`.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// A short name of the value's JSON type, for messages ("a string", "an array").
    public var typeDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// A JSON object: its members in source order.
public struct JSONObject: Sendable, Equatable {
    /// The members, in the order they appeared.
    public var members: [(key: String, value: JSONValue)]

    /// An object with `members`.
    public init(_ members: [(key: String, value: JSONValue)] = []) {
        self.members = members
    }

    /// The value of the last member named exactly `key` (JSON parsers keep the last duplicate).
    public subscript(key: String) -> JSONValue? {
        for member in members.reversed() where member.key.isExactly(key) {
            return member.value
        }
        return nil
    }

    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        lhs.members.count == rhs.members.count
            && zip(lhs.members, rhs.members).allSatisfy { $0.key.isExactly($1.key) && $0.value == $1.value }
    }
}
