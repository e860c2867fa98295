import WikiDocuments

/// Why a document cannot be published, as the warning will say it.
struct SkipReason: Error {
    let message: String

    init(_ message: String) {
        self.message = message
    }

    /// A field of the wrong JSON type: `field "members" is a string, expected an array of strings`.
    static func wrongType(_ key: String, _ value: JSONValue, expected: String) -> SkipReason {
        SkipReason("field \(MessageText.quoted(key)) is \(value.typeDescription), expected \(expected)")
    }
}

/// Typed access to a document's fields; every wrong type becomes a `SkipReason` naming the field.
///
/// An optional field that is absent or `null` reads as `nil`.
struct DocumentFields {
    let object: JSONObject

    func optionalString(_ key: String) throws(SkipReason) -> String? {
        switch object[key] {
        case nil, .null?: return nil
        case .string(let value)?: return value
        case let value?: throw .wrongType(key, value, expected: "a string")
        }
    }

    func optionalBool(_ key: String) throws(SkipReason) -> Bool? {
        switch object[key] {
        case nil, .null?: return nil
        case .bool(let value)?: return value
        case let value?: throw .wrongType(key, value, expected: "a boolean (true or false)")
        }
    }

    func optionalStringArray(_ key: String) throws(SkipReason) -> [String]? {
        switch object[key] {
        case nil, .null?: return nil
        case .array(let elements)?:
            var strings: [String] = []
            strings.reserveCapacity(elements.count)
            for (index, element) in elements.enumerated() {
                guard case .string(let string) = element else {
                    throw SkipReason(
                        "field \(MessageText.quoted(key)) holds \(element.typeDescription) at index \(index), "
                            + "expected an array of strings")
                }
                strings.append(string)
            }
            return strings
        case let value?: throw .wrongType(key, value, expected: "an array of strings")
        }
    }

    func optionalTimestamp(_ key: String) throws(SkipReason) -> Timestamp? {
        guard let text = try optionalString(key) else { return nil }
        guard let timestamp = Timestamp(text) else {
            throw SkipReason(
                "field \(MessageText.quoted(key)) is \(MessageText.quoted(text)), expected an ISO 8601 "
                    + "timestamp such as \"2012-12-09T06:05:55.031Z\"")
        }
        return timestamp
    }
}
