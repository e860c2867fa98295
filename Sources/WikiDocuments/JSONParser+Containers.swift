/// Walking containers: a huge top-level object or array, one member or element at a time.
extension JSONParser {
    /// Reads the `{` that opens an object (after any whitespace); then call ``nextKey()``.
    public mutating func beginObject() throws(JSONParseError) {
        skipWhitespace()
        guard let byte = peek() else { throw truncated() }
        guard byte == UInt8(ascii: "{") else { throw error("expected an object, found \(describeNextByte())") }
        offset += 1
        atContainerStart = true
    }

    /// Reads the next member's key and its `:`, or the object's closing `}` (returning `nil`).
    /// After a key, read its value completely before calling this again.
    public mutating func nextKey() throws(JSONParseError) -> String? {
        skipWhitespace()
        guard let byte = peek() else { throw truncated() }
        if atContainerStart {
            atContainerStart = false
            if byte == UInt8(ascii: "}") {
                offset += 1
                return nil
            }
            return try parseKey(afterComma: false)
        }
        switch byte {
        case UInt8(ascii: ","):
            offset += 1
            return try parseKey(afterComma: true)
        case UInt8(ascii: "}"):
            offset += 1
            return nil
        default:
            throw error("expected ',' or '}' after an object member, found \(describeNextByte())")
        }
    }

    /// Reads the `[` that opens an array (after any whitespace); then call ``nextElement()``.
    public mutating func beginArray() throws(JSONParseError) {
        skipWhitespace()
        guard let byte = peek() else { throw truncated() }
        guard byte == UInt8(ascii: "[") else { throw error("expected an array, found \(describeNextByte())") }
        offset += 1
        atContainerStart = true
    }

    /// Moves to the start of the next element and returns `true`, or reads the array's closing `]`
    /// and returns `false`. After `true`, read the element completely before calling this again.
    public mutating func nextElement() throws(JSONParseError) -> Bool {
        skipWhitespace()
        guard let byte = peek() else { throw truncated() }
        if atContainerStart {
            atContainerStart = false
            if byte == UInt8(ascii: "]") {
                offset += 1
                return false
            }
            return true
        }
        switch byte {
        case UInt8(ascii: ","):
            offset += 1
            try skipWhitespaceBeforeElement()
            return true
        case UInt8(ascii: "]"):
            offset += 1
            return false
        default:
            throw error("expected ',' or ']' after an array element, found \(describeNextByte())")
        }
    }

    /// After a `,` in an array: whitespace, then anything but `]`.
    mutating func skipWhitespaceBeforeElement() throws(JSONParseError) {
        skipWhitespace()
        guard let byte = peek() else { throw truncated() }
        if byte == UInt8(ascii: "]") {
            throw error("expected a value after ',', found ']' (JSON does not allow trailing commas)")
        }
    }

    /// Reads `"key"` and the `:` after it.
    mutating func parseKey(afterComma: Bool) throws(JSONParseError) -> String {
        skipWhitespace()
        guard let byte = peek() else { throw truncated() }
        guard byte == UInt8(ascii: "\"") else {
            if afterComma && byte == UInt8(ascii: "}") {
                throw error("expected a string key after ',', found '}' (JSON does not allow trailing commas)")
            }
            throw error("expected a string key in an object, found \(describeNextByte())")
        }
        let key = try parseString()
        skipWhitespace()
        guard let colon = peek() else { throw truncated() }
        guard colon == UInt8(ascii: ":") else {
            throw error("expected ':' after the object key \(MessageText.quoted(key)), found \(describeNextByte())")
        }
        offset += 1
        return key
    }
}
