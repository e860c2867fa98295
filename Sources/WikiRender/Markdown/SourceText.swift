#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The Markdown source as bytes, for finding where a text node of cmark's tree was written.
///
/// A wikilink needs to know which `[`, `]` and `!` of a text node were really written so:
/// cmark 0.30 merges adjacent text nodes and decodes `\[` and `&#91;` into the same `[` as a
/// bracket it left alone. Its inline source positions do not say where a node is either: they are right
/// on the first line of a paragraph only (continuation lines in containers, lines after a link
/// reference definition or a backslash line break are misplaced), though a node's width
/// (`endColumn - startColumn + 1`) is right. So a text node is found by decoding the source
/// again, from where the previous text node of its block ended, until a stretch of the node's
/// width decodes to the node's literal; the decoding says which marks were escaped.
///
/// The search costs at most a fixed multiple of the source's length per document: past that
/// budget (only reachable with contrived input), nodes are reported as not found.
struct SourceText {
    /// Where a text node was written.
    struct Origin {
        /// Byte offsets in the source: the node's first byte and the byte after its last.
        let start: Int
        let end: Int
        /// Offsets, in the node's literal, of the `[`, `]`, `!`, `~` and `^` written as a backslash
        /// escape or a character reference, in increasing order.
        let escapedMarks: [Int]
    }

    /// A line of the text, moved forward as lines are asked for in order.
    struct LineCursor {
        /// The 1-based line, the offset where it starts, and the offset where the next one
        /// starts (nil until known).
        fileprivate var line = 1
        fileprivate var start = 0
        fileprivate var end: Int?
    }

    let bytes: UnsafeBufferPointer<UInt8>
    /// Whether the text has a NUL byte: cmark reads it as U+FFFD, 3 bytes wide in its columns.
    private let hasNUL: Bool
    private var decodedEntities: [[UInt8]: [UInt8]] = [:]
    private var budget: Int

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        hasNUL = bytes.baseAddress.map { memchr($0, 0, bytes.count) != nil } ?? false
        budget = 16 * bytes.count + 4096
    }

    /// The offset where line `line` (1-based) starts, or the end of the text past its last
    /// line. Fast when the lines asked for with `cursor` only go forward.
    func start(ofLine line: Int, _ cursor: inout LineCursor) -> Int {
        if line < cursor.line { cursor = LineCursor() }
        while cursor.line < line, cursor.start < bytes.count {
            advance(&cursor)
        }
        return cursor.start
    }

    /// The 1-based line holding byte `offset`. Fast when the offsets asked for with `cursor`
    /// only go forward.
    func line(at offset: Int, _ cursor: inout LineCursor) -> Int {
        if offset < cursor.start { cursor = LineCursor() }
        while cursor.start < bytes.count, end(of: &cursor) <= offset {
            advance(&cursor)
        }
        return cursor.line
    }

    /// Moves `cursor` to the next line.
    private func advance(_ cursor: inout LineCursor) {
        cursor.start = end(of: &cursor)
        cursor.line += 1
        cursor.end = nil
    }

    /// Where the line after `cursor`'s starts, found once per line.
    private func end(of cursor: inout LineCursor) -> Int {
        if let end = cursor.end { return end }
        let end = lineEnd(after: cursor.start)
        cursor.end = end
        return end
    }

    /// Whether `range` has `[[`, which every wikilink has in its source.
    func hasDoubleBracket(_ range: Range<Int>) -> Bool {
        hasPair(UInt8(ascii: "["), UInt8(ascii: "["), in: range)
    }

    /// Whether `range` has `first` followed by `second`: a pass whose syntax starts with two
    /// bytes (`%%`, `[!`) skips a text without them.
    func hasPair(_ first: UInt8, _ second: UInt8, in range: Range<Int>) -> Bool {
        Self.hasPair(first, second, in: bytes, range)
    }

    /// Whether `range` of `bytes` has `first` followed by `second`.
    static func hasPair(
        _ first: UInt8, _ second: UInt8, in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>
    ) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        var index = range.lowerBound
        while index + 1 < range.upperBound {
            guard let found = memchr(base + index, Int32(first), range.upperBound - 1 - index) else {
                return false
            }
            index = UnsafeRawPointer(found) - UnsafeRawPointer(base) + 1
            if base[index] == second { return true }
        }
        return false
    }

    /// Whether `bytes` has `byte`.
    static func contains(_ byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        return memchr(base, Int32(byte), bytes.count) != nil
    }

    /// Every byte of the text.
    var all: Range<Int> { 0..<bytes.count }

    /// Whether `range` has a backslash or an ampersand, the only ways to escape a mark.
    func mayEscapeMarks(_ range: Range<Int>) -> Bool {
        guard let base = bytes.baseAddress, !range.isEmpty else { return false }
        return memchr(base + range.lowerBound, Int32(UInt8(ascii: "\\")), range.count) != nil
            || memchr(base + range.lowerBound, Int32(UInt8(ascii: "&")), range.count) != nil
    }

    /// Whether `text` has a `[` or a `]`. (The byte loops of a page's size use `memchr`: a
    /// generic `contains(where:)` costs a call per byte in a debug build.)
    static func hasBracket(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = text.baseAddress else { return false }
        return memchr(base, Int32(UInt8(ascii: "[")), text.count) != nil
            || memchr(base, Int32(UInt8(ascii: "]")), text.count) != nil
    }

    /// Finds the first place in `range` where `width` bytes (or fewer, followed by spaces or
    /// tabs up to `width`; any length when `width` is nil) decode to `literal`. The width is
    /// cmark's, which counts a NUL as the 3 bytes of U+FFFD.
    mutating func locate(_ literal: UnsafeBufferPointer<UInt8>, width: Int?, in range: Range<Int>) -> Origin? {
        var start = range.lowerBound
        let isPlain = Self.isPlain(literal)
        while start <= range.upperBound, budget > 0 {
            if let origin = match(literal, isPlain: isPlain, at: start, width: width, limit: range.upperBound) {
                return origin
            }
            start += 1
        }
        return nil
    }

    // MARK: Private

    /// The offset after the line ending of the line holding `offset` (`\n`, `\r\n` or `\r`,
    /// as cmark reads them), or the end of the text.
    private func lineEnd(after offset: Int) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        let remaining = bytes.count - offset
        let newline = memchr(base + offset, Int32(UInt8(ascii: "\n")), remaining).map {
            UnsafeRawPointer($0) - UnsafeRawPointer(base)
        }
        let searchEnd = newline ?? bytes.count
        guard let carriageReturn = memchr(base + offset, Int32(UInt8(ascii: "\r")), searchEnd - offset) else {
            return newline.map { $0 + 1 } ?? bytes.count
        }
        let position = UnsafeRawPointer(carriageReturn) - UnsafeRawPointer(base)
        return position + 1 < bytes.count && bytes[position + 1] == UInt8(ascii: "\n") ? position + 2 : position + 1
    }

    /// Whether the source from `start` decodes to `literal` as cmark decodes text: backslash
    /// escapes, character references, NUL as U+FFFD, everything else as it is. `isPlain` says
    /// whether `literal` has none of the bytes that start an escape (`isPlain(_:)`).
    private mutating func match(
        _ literal: UnsafeBufferPointer<UInt8>, isPlain: Bool, at start: Int, width: Int?, limit: Int
    ) -> Origin? {
        budget -= 1
        if !hasNUL, let width, let last = literal.last {
            // The stretch's last byte is the literal's (as is, or escaped), a reference's `;`,
            // a NUL, or trailing blank: anything else rules this start out at once.
            guard start + width <= limit else { return nil }
            switch bytes[start + width - 1] {
            case last, UInt8(ascii: ";"), 0, UInt8(ascii: " "), UInt8(ascii: "\t"): break
            default: return nil
            }
        }
        var escapedMarks: [Int] = []
        var position = start  // in the source
        var index = 0  // in the literal
        var nulCount = 0
        if isPlain, start + literal.count <= limit, let base = bytes.baseAddress,
            let literalBase = literal.baseAddress, memcmp(base + start, literalBase, literal.count) == 0
        {
            // The usual case, at C speed: the same bytes, none of which can be decoded.
            budget -= literal.count
            position += literal.count
            index = literal.count
        }
        while index < literal.count {
            budget -= 1
            guard position < limit else { return nil }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\\"), position + 1 < limit, Self.isASCIIPunctuation(bytes[position + 1]) {
                guard literal[index] == bytes[position + 1] else { return nil }
                if Self.isRecordedMark(literal[index]) { escapedMarks.append(index) }
                index += 1
                position += 2
            } else if byte == UInt8(ascii: "&"), let (end, decoded) = characterReference(at: position, limit: limit) {
                guard literal.count - index >= decoded.count,
                    literal[index..<(index + decoded.count)].elementsEqual(decoded)
                else { return nil }
                if decoded.count == 1, Self.isRecordedMark(decoded[0]) { escapedMarks.append(index) }
                index += decoded.count
                position = end
            } else if byte == 0 {
                guard literal.count - index >= 3, literal[index] == 0xEF, literal[index + 1] == 0xBF,
                    literal[index + 2] == 0xBD
                else { return nil }
                index += 3
                position += 1
                nulCount += 1
            } else {
                guard literal[index] == byte else { return nil }
                index += 1
                position += 1
            }
        }
        guard let width else { return Origin(start: start, end: position, escapedMarks: escapedMarks) }
        let end = start + width - 2 * nulCount
        guard position <= end, end <= limit,
            bytes[position..<end].allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") })
        else { return nil }
        return Origin(start: start, end: end, escapedMarks: escapedMarks)
    }

    /// Whether `literal` has no backslash, `&` or NUL: then the same bytes in the source decode
    /// to it, each as it is.
    private static func isPlain(_ literal: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = literal.baseAddress else { return true }
        return memchr(base, Int32(UInt8(ascii: "\\")), literal.count) == nil
            && memchr(base, Int32(UInt8(ascii: "&")), literal.count) == nil && memchr(base, 0, literal.count) == nil
    }

    /// The character reference starting at `position` (an `&`): where it ends and what it
    /// stands for; nil when cmark does not read one there.
    private mutating func characterReference(at position: Int, limit: Int) -> (end: Int, decoded: [UInt8])? {
        var semicolon = position + 1
        while semicolon < limit, semicolon - position <= 40, Self.isReferenceByte(bytes[semicolon]) {
            semicolon += 1
        }
        guard semicolon < limit, semicolon > position + 1, bytes[semicolon] == UInt8(ascii: ";") else {
            return nil
        }
        let reference = Array(bytes[position...semicolon])
        let decoded: [UInt8]
        if let known = decodedEntities[reference] {
            decoded = known
        } else {
            decoded = CmarkDocument.decodeEntity(reference)
            decodedEntities[reference] = decoded
        }
        return decoded == reference ? nil : (semicolon + 1, decoded)
    }

    private static func isReferenceByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "#"):
            true
        default: false
        }
    }

    /// Whether `byte` is `[` or `]`.
    static func isBracket(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]")
    }

    /// Whether an escaped `byte` is recorded in `Origin.escapedMarks`: the marks of wikilinks,
    /// `~` (of strikethrough), `=` (of highlights), `%` (of comments), `^` (of footnote
    /// references) and `#` (of tags).
    static func isRecordedMark(_ byte: UInt8) -> Bool {
        isWikilinkMark(byte) || byte == UInt8(ascii: "~") || byte == UInt8(ascii: "=") || byte == UInt8(ascii: "%")
            || byte == UInt8(ascii: "^") || byte == UInt8(ascii: "#")
    }

    /// Whether `byte` is one of the marks of wikilink syntax: `[`, `]`, and `!` (of an embed).
    static func isWikilinkMark(_ byte: UInt8) -> Bool {
        isBracket(byte) || byte == UInt8(ascii: "!")
    }

    private static func isASCIIPunctuation(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x21...0x2F, 0x3A...0x40, 0x5B...0x60, 0x7B...0x7E: true
        default: false
        }
    }
}
