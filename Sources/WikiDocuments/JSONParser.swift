/// A parser of JSON text (RFC 8259) that works directly on bytes.
///
/// It parses from its current position, one value at a time, so a reader can walk a huge
/// top-level container element by element (``beginObject()``/``nextKey()``,
/// ``beginArray()``/``nextElement()``) and materialise only what it needs (``parseValue()``).
///
/// - Numbers are validated against the JSON grammar and kept as their text.
/// - Invalid UTF-8 and lone surrogate escapes (`\ud800`) become U+FFFD, and
///   ``replacedInvalidText`` says so.
/// - Nesting is limited (``defaultMaximumDepth``); deeper input is an error, never a crash, and
///   the parser never recurses.
///
/// The parser reads the bytes it was given in place: keep them alive and unchanged while using it.
/// Copying a parser saves its position; assigning the copy back rewinds to it.
public struct JSONParser {
    /// How deeply arrays and objects may nest inside one parsed value, unless told otherwise.
    public static let defaultMaximumDepth = 512

    let bytes: UnsafeBufferPointer<UInt8>
    /// The same bytes, for loading a word at a time.
    let raw: UnsafeRawBufferPointer
    private let maximumDepth: Int
    /// The offset of the next byte to read.
    public internal(set) var offset = 0
    /// The 1-based line of the next byte to read.
    public private(set) var line = 1
    /// The offset where the current line starts.
    private var lineStart = 0
    /// Set when the parser replaced invalid text (bad UTF-8, a lone surrogate) with U+FFFD.
    /// Reset it to `false` to find out about the next value alone.
    public var replacedInvalidText = false
    /// Whether the container just opened by ``beginObject()``/``beginArray()`` has not yielded
    /// anything yet.
    var atContainerStart = false

    /// A parser at the start of `bytes`, which must stay alive and unchanged while it is used.
    public init(bytes: UnsafeRawBufferPointer, maximumDepth: Int = defaultMaximumDepth) {
        self.bytes = bytes.assumingMemoryBound(to: UInt8.self)
        self.raw = bytes
        self.maximumDepth = maximumDepth
    }

    /// Where a parser is in its bytes: enough to resume there later, over the same bytes.
    public struct Position: Sendable, Equatable {
        /// The offset of the next byte to read.
        public let offset: Int
        /// The 1-based line of that byte, and the offset where its line starts.
        let line: Int
        let lineStart: Int
    }

    /// Where this parser is.
    public var position: Position { Position(offset: offset, line: line, lineStart: lineStart) }

    /// A parser over `bytes` (the same bytes as the parser `position` was taken from), at
    /// `position`.
    public init(bytes: UnsafeRawBufferPointer, at position: Position, maximumDepth: Int = defaultMaximumDepth) {
        self.init(bytes: bytes, maximumDepth: maximumDepth)
        offset = position.offset
        line = position.line
        lineStart = position.lineStart
    }

    /// Parses a whole JSON text: one value, with nothing but whitespace around it.
    public static func parse(
        _ bytes: UnsafeRawBufferPointer, maximumDepth: Int = defaultMaximumDepth
    ) throws(JSONParseError) -> JSONValue {
        var parser = JSONParser(bytes: bytes, maximumDepth: maximumDepth)
        parser.skipByteOrderMark()
        let value = try parser.parseValue()
        parser.skipWhitespace()
        guard parser.isAtEnd else {
            throw parser.error("unexpected \(parser.describeNextByte()) after the end of the JSON value")
        }
        return value
    }

    /// Parses a whole JSON text: one value, with nothing but whitespace around it.
    public static func parse(
        _ bytes: [UInt8], maximumDepth: Int = defaultMaximumDepth
    ) throws(JSONParseError) -> JSONValue {
        let result = bytes.withUnsafeBytes { buffer in
            Result { () throws(JSONParseError) in try parse(buffer, maximumDepth: maximumDepth) }
        }
        return try result.get()
    }

    /// Parses a whole JSON text: one value, with nothing but whitespace around it.
    public static func parse(
        _ text: String, maximumDepth: Int = defaultMaximumDepth
    ) throws(JSONParseError) -> JSONValue {
        try parse(Array(text.utf8), maximumDepth: maximumDepth)
    }

    // MARK: Position

    /// Whether every byte has been read.
    public var isAtEnd: Bool { offset >= bytes.count }

    /// The next byte, without reading it; `nil` at the end.
    public func peek() -> UInt8? {
        offset < bytes.count ? bytes[offset] : nil
    }

    /// Skips spaces, tabs, carriage returns and line feeds, counting lines.
    public mutating func skipWhitespace() {
        var index = offset
        let end = bytes.count
        while index < end {
            let byte = bytes[index]
            if byte > 0x20 { break }
            if byte == 0x0A {
                line += 1
                lineStart = index + 1
            } else if byte != 0x20 && byte != 0x09 && byte != 0x0D {
                break
            }
            index += 1
        }
        offset = index
    }

    /// Skips a UTF-8 byte order mark at the current position, if there is one.
    public mutating func skipByteOrderMark() {
        if offset + 3 <= bytes.count, bytes[offset] == 0xEF, bytes[offset + 1] == 0xBB,
            bytes[offset + 2] == 0xBF
        {
            offset += 3
            lineStart = offset
        }
    }

    /// An error at the current position.
    public func error(_ message: String) -> JSONParseError {
        error(message, at: offset)
    }

    /// A short description of the next byte for messages: `'x'`, "a non-ASCII character",
    /// "control character U+0001", or "end of file".
    public func describeNextByte() -> String {
        guard let byte = peek() else { return "end of file" }
        return Self.describe(byte)
    }

    /// An error at `errorOffset`, which must be on the current line.
    func error(_ message: String, at errorOffset: Int, truncation: Bool = false) -> JSONParseError {
        var column = 1
        var index = lineStart
        while index < errorOffset {
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        return JSONParseError(
            message: message, line: line, column: column, byteOffset: errorOffset, isTruncation: truncation)
    }

    func truncated() -> JSONParseError {
        error("unexpected end of input: the JSON text is truncated", at: bytes.count, truncation: true)
    }

    static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return byte < 0x10 ? "000" + digits : "00" + digits
    }

    // MARK: Values

    /// Moves past the next value without making it, a word at a time through strings, and
    /// returns whether it could: its strings and brackets end where ``parseValue()`` would end
    /// the value, whenever the bytes up to there are valid JSON. On anything else (a control
    /// character or a line break in a string, unbalanced or too deeply nested brackets, the end
    /// of the input) it returns `false` and stays where it was, so the caller parses the value
    /// for the exact error. Nothing inside is validated: parse the value from a copy of the
    /// parser made before, for its content and errors.
    public mutating func skipValue() -> Bool {
        let saved = self
        skipWhitespace()
        var depth = 0
        let end = bytes.count
        while offset < end {
            let byte = bytes[offset]
            switch byte {
            case UInt8(ascii: "\""):
                guard skipString() else {
                    self = saved
                    return false
                }
                if depth == 0 { return true }
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                guard depth <= maximumDepth else {
                    self = saved
                    return false
                }
                offset += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                guard depth >= 0 else {
                    self = saved
                    return false
                }
                offset += 1
                if depth == 0 { return true }
            case 0x20, 0x09, 0x0A, 0x0D:
                skipWhitespace()
            case UInt8(ascii: ","), UInt8(ascii: ":"):
                guard depth > 0 else {
                    self = saved
                    return false
                }
                offset += 1
            default:
                // A number or a literal: its bytes up to the next delimiter.
                guard byte > 0x20 else {
                    self = saved
                    return false
                }
                offset += 1
                if depth == 0 {
                    while offset < end {
                        let next = bytes[offset]
                        if next <= 0x20 || next == UInt8(ascii: ",") || next == UInt8(ascii: "}")
                            || next == UInt8(ascii: "]") || next == UInt8(ascii: ":")
                        {
                            break
                        }
                        offset += 1
                    }
                    return true
                }
            }
        }
        self = saved
        return false
    }

    /// Moves past the string that starts at the current byte (a quote); `false` at a control
    /// character or the end of the input.
    private mutating func skipString() -> Bool {
        var index = offset + 1
        var seen: UInt64 = 0
        while true {
            index = skipPlainBytes(from: index, seen: &seen)
            guard index < bytes.count else { return false }
            switch bytes[index] {
            case UInt8(ascii: "\""):
                offset = index + 1
                return true
            case UInt8(ascii: "\\"):
                // An escaped control character is invalid: leave it, and the line it may break,
                // to the parser's error.
                guard index + 1 < bytes.count, bytes[index + 1] >= 0x20 else { return false }
                index += 2
            default:
                return false
            }
        }
    }

    /// Parses the string, number or literal at the current position, whose first byte is `byte`.
    @inline(__always)
    private mutating func parseScalar(startingWith byte: UInt8) throws(JSONParseError) -> JSONValue {
        switch byte {
        case UInt8(ascii: "\""):
            return .string(try parseString())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return .number(try parseNumber())
        case UInt8(ascii: "t"):
            try parseLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try parseLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try parseLiteral("null")
            return .null
        default:
            throw error("expected a JSON value, found \(describeNextByte())")
        }
    }

    /// Parses the value at the current position (after any whitespace) and everything inside it.
    public mutating func parseValue() throws(JSONParseError) -> JSONValue {
        // Containers being filled, innermost last; no recursion, so depth costs heap, not stack.
        var isObject: [Bool] = []
        var arrays: [[JSONValue]] = []
        var objects: [[(key: String, value: JSONValue)]] = []
        var keys: [String] = []

        parsing: while true {
            skipWhitespace()
            guard let byte = peek() else { throw truncated() }
            var value: JSONValue
            switch byte {
            case UInt8(ascii: "{"):
                guard isObject.count < maximumDepth else { throw tooDeep() }
                offset += 1
                skipWhitespace()
                if peek() == UInt8(ascii: "}") {
                    offset += 1
                    value = .object(JSONObject())
                } else {
                    keys.append(try parseKey(afterComma: false))
                    objects.append([])
                    isObject.append(true)
                    continue parsing
                }
            case UInt8(ascii: "["):
                guard isObject.count < maximumDepth else { throw tooDeep() }
                offset += 1
                skipWhitespace()
                if peek() == UInt8(ascii: "]") {
                    offset += 1
                    value = .array([])
                } else {
                    arrays.append([])
                    isObject.append(false)
                    continue parsing
                }
            default:
                value = try parseScalar(startingWith: byte)
            }

            // Hand the finished value to its container; close containers that end here.
            while let inObject = isObject.last {
                skipWhitespace()
                guard let next = peek() else { throw truncated() }
                if inObject {
                    objects[objects.count - 1].append((keys.removeLast(), value))
                    if next == UInt8(ascii: ",") {
                        offset += 1
                        keys.append(try parseKey(afterComma: true))
                        continue parsing
                    }
                    guard next == UInt8(ascii: "}") else {
                        throw error("expected ',' or '}' after an object member, found \(describeNextByte())")
                    }
                    offset += 1
                    isObject.removeLast()
                    value = .object(JSONObject(objects.removeLast()))
                } else {
                    arrays[arrays.count - 1].append(value)
                    if next == UInt8(ascii: ",") {
                        offset += 1
                        try skipWhitespaceBeforeElement()
                        continue parsing
                    }
                    guard next == UInt8(ascii: "]") else {
                        throw error("expected ',' or ']' after an array element, found \(describeNextByte())")
                    }
                    offset += 1
                    isObject.removeLast()
                    value = .array(arrays.removeLast())
                }
            }
            return value
        }
    }

    private func tooDeep() -> JSONParseError {
        error("nesting deeper than \(maximumDepth) levels of arrays and objects")
    }

    /// Reads `true`, `false` or `null`.
    private mutating func parseLiteral(_ word: StaticString) throws(JSONParseError) {
        let count = word.utf8CodeUnitCount
        for index in 0..<count {
            guard offset + index < bytes.count else { throw truncated() }
            guard bytes[offset + index] == word.utf8Start[index] else {
                throw error("invalid literal: expected \(word)")
            }
        }
        offset += count
    }

    /// Reads a number and returns its text.
    private mutating func parseNumber() throws(JSONParseError) -> String {
        let start = offset
        let end = bytes.count
        var index = offset
        func isDigit(_ index: Int) -> Bool {
            index < end && bytes[index] &- UInt8(ascii: "0") < 10
        }
        func digitsRequired(after what: String) throws(JSONParseError) {
            guard index < end else { throw truncated() }
            guard isDigit(index) else { throw error("invalid number: expected a digit after \(what)", at: index) }
        }

        if bytes[index] == UInt8(ascii: "-") {
            index += 1
            try digitsRequired(after: "'-'")
        }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if isDigit(index) { throw error("invalid number: a number cannot start with 0", at: start) }
        } else {
            while isDigit(index) { index += 1 }
        }
        if index < end && bytes[index] == UInt8(ascii: ".") {
            index += 1
            try digitsRequired(after: "the decimal point")
            while isDigit(index) { index += 1 }
        }
        if index < end && bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < end && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) {
                index += 1
            }
            try digitsRequired(after: "the exponent")
            while isDigit(index) { index += 1 }
        }
        if index < end {
            let next = bytes[index]
            if next == UInt8(ascii: ".") || next == UInt8(ascii: "+") || next == UInt8(ascii: "-")
                || (next | 0x20 >= UInt8(ascii: "a") && next | 0x20 <= UInt8(ascii: "z"))
            {
                throw error("invalid number: unexpected \(Self.describe(next)) in a number", at: index)
            }
        }
        offset = index
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    }

    static func describe(_ byte: UInt8) -> String {
        switch byte {
        case 0x21...0x7E: "'\(Character(Unicode.Scalar(byte)))'"
        case 0x20: "a space"
        case 0x80...: "a non-ASCII character"
        default: "control character U+\(hex(byte))"
        }
    }

}
