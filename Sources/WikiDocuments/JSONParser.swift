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

    private let bytes: UnsafeBufferPointer<UInt8>
    /// The same bytes, for loading a word at a time.
    private let raw: UnsafeRawBufferPointer
    private let maximumDepth: Int
    /// The offset of the next byte to read.
    public private(set) var offset = 0
    /// The 1-based line of the next byte to read.
    public private(set) var line = 1
    /// The offset where the current line starts.
    private var lineStart = 0
    /// Set when the parser replaced invalid text (bad UTF-8, a lone surrogate) with U+FFFD.
    /// Reset it to `false` to find out about the next value alone.
    public var replacedInvalidText = false
    /// Whether the container just opened by ``beginObject()``/``beginArray()`` has not yielded
    /// anything yet.
    private var atContainerStart = false

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
    private func error(_ message: String, at errorOffset: Int, truncation: Bool = false) -> JSONParseError {
        var column = 1
        var index = lineStart
        while index < errorOffset {
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        return JSONParseError(
            message: message, line: line, column: column, byteOffset: errorOffset, isTruncation: truncation)
    }

    private func truncated() -> JSONParseError {
        error("unexpected end of input: the JSON text is truncated", at: bytes.count, truncation: true)
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return byte < 0x10 ? "000" + digits : "00" + digits
    }

    // MARK: Walking containers

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
    private mutating func skipWhitespaceBeforeElement() throws(JSONParseError) {
        skipWhitespace()
        guard let byte = peek() else { throw truncated() }
        if byte == UInt8(ascii: "]") {
            throw error("expected a value after ',', found ']' (JSON does not allow trailing commas)")
        }
    }

    /// Reads `"key"` and the `:` after it.
    private mutating func parseKey(afterComma: Bool) throws(JSONParseError) -> String {
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
            case UInt8(ascii: "\""):
                value = .string(try parseString())
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                value = .number(try parseNumber())
            case UInt8(ascii: "t"):
                try parseLiteral("true")
                value = .bool(true)
            case UInt8(ascii: "f"):
                try parseLiteral("false")
                value = .bool(false)
            case UInt8(ascii: "n"):
                try parseLiteral("null")
                value = .null
            default:
                throw error("expected a JSON value, found \(describeNextByte())")
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

    private static func describe(_ byte: UInt8) -> String {
        switch byte {
        case 0x21...0x7E: "'\(Character(Unicode.Scalar(byte)))'"
        case 0x20: "a space"
        case 0x80...: "a non-ASCII character"
        default: "control character U+\(hex(byte))"
        }
    }

    // MARK: Strings

    /// Reads the string that starts at the current position (at its opening quote).
    private mutating func parseString() throws(JSONParseError) -> String {
        let start = offset + 1
        var seen: UInt64 = 0
        let index = skipPlainBytes(from: start, seen: &seen)
        guard index < bytes.count else { throw truncated() }
        let byte = bytes[index]
        if byte == UInt8(ascii: "\"") {
            offset = index + 1
            return makeString(UnsafeBufferPointer(rebasing: bytes[start..<index]), isASCII: Self.isASCII(seen))
        }
        if byte == UInt8(ascii: "\\") {
            return try parseEscapedString(start: start, firstEscape: index, seen: seen)
        }
        throw controlCharacter(byte, at: index)
    }

    /// The index of the first quote, backslash or control character from `start` (or the end),
    /// scanning eight bytes at a time; every byte skipped is or-ed into `seen`.
    @inline(__always)
    private func skipPlainBytes(from start: Int, seen: inout UInt64) -> Int {
        let end = bytes.count
        var index = start
        while index + 8 <= end {
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            let special = Self.specialBytes(word)
            if special != 0 {
                let plain = special.trailingZeroBitCount >> 3
                seen |= word & ((1 &<< (plain &* 8)) &- 1)
                return index + plain
            }
            seen |= word
            index += 8
        }
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            seen |= UInt64(byte)
            index += 1
        }
        return index
    }

    /// The high bit of each byte of `word` (read little-endian) that is `"`, `\` or below 0x20; bits
    /// above the lowest one may be spurious, so only the lowest is meaningful.
    @inline(__always)
    private static func specialBytes(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let quotes = word ^ (ones &* 0x22)
        let backslashes = word ^ (ones &* 0x5C)
        let hasQuote = (quotes &- ones) & ~quotes
        let hasBackslash = (backslashes &- ones) & ~backslashes
        let hasControl = (word &- ones &* 0x20) & ~word
        return (hasQuote | hasBackslash | hasControl) & (ones &* 0x80)
    }

    /// Whether every byte or-ed into `seen` was ASCII.
    @inline(__always)
    private static func isASCII(_ seen: UInt64) -> Bool {
        seen & 0x8080_8080_8080_8080 == 0
    }

    /// The slow path: a string with at least one escape, decoded into a growing buffer.
    private mutating func parseEscapedString(
        start: Int, firstEscape: Int, seen: UInt64
    ) throws(JSONParseError) -> String {
        let end = bytes.count
        var seen = seen
        // The output buffer always has room for 16 more bytes than it holds: a whole word can be
        // stored even when only some of its bytes belong, and an escape decodes to at most 4.
        var capacity = min(end - start, 4096) + 16
        var output = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 8)
        defer { output.deallocate() }
        var count = firstEscape - start
        Self.reserve(&output, &capacity, holding: 0, needed: count + 16)
        output.copyMemory(from: raw.baseAddress! + start, byteCount: count)
        var index = firstEscape
        while true {
            // Plain bytes are copied a word at a time, as they are scanned.
            while index + 8 <= end {
                let stored = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                let word = UInt64(littleEndian: stored)
                let special = Self.specialBytes(word)
                output.storeBytes(of: stored, toByteOffset: count, as: UInt64.self)
                if special != 0 {
                    let plain = special.trailingZeroBitCount >> 3
                    seen |= word & ((1 &<< (plain &* 8)) &- 1)
                    count += plain
                    index += plain
                    break
                }
                seen |= word
                count += 8
                index += 8
                if count + 16 > capacity { Self.reserve(&output, &capacity, holding: count, needed: count + 16) }
            }
            guard index < end else { throw truncated() }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                offset = index + 1
                // Escapes always decode to valid UTF-8: only raw bytes can be invalid.
                let utf8 = UnsafeBufferPointer(start: output.assumingMemoryBound(to: UInt8.self), count: count)
                return makeString(utf8, isASCII: Self.isASCII(seen))
            case UInt8(ascii: "\\"):
                guard index + 1 < end else { throw truncated() }
                let decoded: UInt8
                switch bytes[index + 1] {
                case UInt8(ascii: "n"): decoded = 0x0A
                case UInt8(ascii: "\""): decoded = 0x22
                case UInt8(ascii: "\\"): decoded = 0x5C
                case UInt8(ascii: "/"): decoded = 0x2F
                case UInt8(ascii: "t"): decoded = 0x09
                case UInt8(ascii: "r"): decoded = 0x0D
                case UInt8(ascii: "b"): decoded = 0x08
                case UInt8(ascii: "f"): decoded = 0x0C
                case UInt8(ascii: "u"):
                    let (scalar, next) = try decodeUnicodeEscape(at: index)
                    count += Self.writeUTF8(scalar, to: output + count)
                    index = next
                    if count + 16 > capacity { Self.reserve(&output, &capacity, holding: count, needed: count + 16) }
                    continue
                default:
                    throw error(
                        "invalid escape \\\(Self.describe(bytes[index + 1])) in a string (valid: \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)",
                        at: index)
                }
                output.storeBytes(of: decoded, toByteOffset: count, as: UInt8.self)
                index += 2
            case ..<0x20:
                throw controlCharacter(byte, at: index)
            default:
                seen |= UInt64(byte)
                output.storeBytes(of: byte, toByteOffset: count, as: UInt8.self)
                index += 1
            }
            count += 1
            if count + 16 > capacity { Self.reserve(&output, &capacity, holding: count, needed: count + 16) }
        }
    }

    /// Makes `buffer` (of `capacity` bytes, the first `count` in use) at least `needed` bytes long.
    private static func reserve(
        _ buffer: inout UnsafeMutableRawPointer, _ capacity: inout Int, holding count: Int, needed: Int
    ) {
        guard needed > capacity else { return }
        let newCapacity = max(needed, capacity * 2)
        let newBuffer = UnsafeMutableRawPointer.allocate(byteCount: newCapacity, alignment: 8)
        newBuffer.copyMemory(from: buffer, byteCount: count)
        buffer.deallocate()
        buffer = newBuffer
        capacity = newCapacity
    }

    /// Writes the UTF-8 encoding of `scalar` (a valid scalar value) at `output`; returns its length.
    private static func writeUTF8(_ scalar: UInt32, to output: UnsafeMutableRawPointer) -> Int {
        let bytes = output.assumingMemoryBound(to: UInt8.self)
        switch scalar {
        case ..<0x80:
            bytes[0] = UInt8(scalar)
            return 1
        case ..<0x800:
            bytes[0] = 0xC0 | UInt8(scalar >> 6)
            bytes[1] = 0x80 | UInt8(scalar & 0x3F)
            return 2
        case ..<0x10000:
            bytes[0] = 0xE0 | UInt8(scalar >> 12)
            bytes[1] = 0x80 | UInt8((scalar >> 6) & 0x3F)
            bytes[2] = 0x80 | UInt8(scalar & 0x3F)
            return 3
        default:
            bytes[0] = 0xF0 | UInt8(scalar >> 18)
            bytes[1] = 0x80 | UInt8((scalar >> 12) & 0x3F)
            bytes[2] = 0x80 | UInt8((scalar >> 6) & 0x3F)
            bytes[3] = 0x80 | UInt8(scalar & 0x3F)
            return 4
        }
    }

    /// Decodes `\uXXXX` (and a following low surrogate escape) at `index`: the scalar (U+FFFD for a
    /// lone surrogate) and the index after the escape.
    private mutating func decodeUnicodeEscape(at index: Int) throws(JSONParseError) -> (UInt32, next: Int) {
        let unit = try hexQuad(at: index + 2, escapeAt: index)
        let next = index + 6
        switch unit {
        case 0xD800...0xDBFF:
            if next + 6 <= bytes.count, bytes[next] == UInt8(ascii: "\\"), bytes[next + 1] == UInt8(ascii: "u"),
                let low = try? hexQuad(at: next + 2, escapeAt: next), (0xDC00...0xDFFF).contains(low)
            {
                return (0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00), next + 6)
            }
            replacedInvalidText = true
            return (0xFFFD, next)
        case 0xDC00...0xDFFF:
            replacedInvalidText = true
            return (0xFFFD, next)
        default:
            return (UInt32(unit), next)
        }
    }

    /// The four hexadecimal digits at `index`, part of the escape at `escapeAt`.
    private func hexQuad(at index: Int, escapeAt: Int) throws(JSONParseError) -> UInt16 {
        var value: UInt16 = 0
        for position in index..<index + 4 {
            guard position < bytes.count else { throw truncated() }
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default:
                throw error("invalid \\u escape in a string: expected four hexadecimal digits", at: escapeAt)
            }
            value = value << 4 | UInt16(digit)
        }
        return value
    }

    /// The string of `utf8`, with invalid sequences replaced by U+FFFD (and noted).
    @inline(__always)
    private mutating func makeString(_ utf8: UnsafeBufferPointer<UInt8>, isASCII: Bool) -> String {
        if isASCII { return String(decoding: utf8, as: UTF8.self) }
        if let string = String(validating: utf8, as: UTF8.self) { return string }
        replacedInvalidText = true
        return String(decoding: utf8, as: UTF8.self)
    }

    private func controlCharacter(_ byte: UInt8, at index: Int) -> JSONParseError {
        let hint =
            byte == 0x0A || byte == 0x0D
            ? ": a string must end on the line it starts (is its closing quote missing?)"
            : ": write it as an escape (\\u\(Self.hex(byte)))"
        return error("unescaped control character U+\(Self.hex(byte)) in a string\(hint)", at: index)
    }
}
