#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Which passes of `MarkdownExtensions` a page's Markdown can give work to, read from its bytes
/// before any pass walks cmark's tree. A flag is false only when a mark its construct cannot do
/// without is nowhere in the text, so that no node can hold one: a scan decides to skip a pass,
/// never what a pass finds, which is still read on the tree. Most pages use few extensions, and
/// a pass skipped costs no walk of the tree.
struct ExtensionTriggers {
    /// A line that may be a table's delimiter row (`hasDelimiterRowLine`).
    let tables: Bool
    /// `[!`, which starts a callout's mark.
    let callouts: Bool
    /// `%%`, a comment's mark.
    let comments: Bool
    /// A `[` with a `]` two bytes after it, as in `[ ]` and `[x]`.
    let taskListItems: Bool
    /// What a text node needs to hold an extended autolink (`mayHoldAutolink`).
    let autolinks: Bool
    /// `~`, a strikethrough's mark (an escaped or referenced `~` is never one).
    let strikethrough: Bool
    /// `==`, a highlight's mark.
    let highlights: Bool

    /// The passes `source` can give work to.
    init(_ source: SourceText) {
        let bytes = source.bytes
        tables = Self.hasDelimiterRowLine(bytes)
        callouts = source.hasPair(UInt8(ascii: "["), UInt8(ascii: "!"), in: source.all)
        comments = source.hasPair(UInt8(ascii: "%"), UInt8(ascii: "%"), in: source.all)
        taskListItems = Self.hasTaskMark(bytes)
        autolinks = Self.mayHoldAutolink(source)
        strikethrough = SourceText.contains(UInt8(ascii: "~"), in: bytes)
        highlights = source.hasPair(UInt8(ascii: "="), UInt8(ascii: "="), in: source.all)
    }

    /// Whether a line, once its blanks and quote marks (`>`) are passed, starts with a pipe, a
    /// colon or a dash and holds nothing but those and blanks: every delimiter row does, in
    /// any container (`TableWriter.findTable`). The rest of a line ruled out is passed with
    /// `memchr`, or byte by byte when a `\r` in the text may end lines too.
    static func hasDelimiterRowLine(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let hasCarriageReturn = memchr(base, Int32(UInt8(ascii: "\r")), bytes.count) != nil
        var index = 0
        while index < bytes.count {
            while index < bytes.count, isContainerMark(bytes[index]) { index += 1 }
            var isRow = index < bytes.count && isDelimiterRowStart(bytes[index])
            while isRow, index < bytes.count, !isLineEnd(bytes[index]) {
                isRow = isDelimiterRowByte(bytes[index])
                index += 1
            }
            if isRow { return true }
            if !hasCarriageReturn, index < bytes.count, bytes[index] != UInt8(ascii: "\n") {
                guard let newline = memchr(base + index, Int32(UInt8(ascii: "\n")), bytes.count - index) else {
                    return false
                }
                index = UnsafeRawPointer(newline) - UnsafeRawPointer(base)
            }
            while index < bytes.count, !isLineEnd(bytes[index]) { index += 1 }
            index += 1
        }
        return false
    }

    /// Whether `source` has what an extended autolink needs in a text node's literal: an `@`,
    /// `www`, a `:` before a `/` (or a `\` that may escape one), or a character reference,
    /// which may decode to any of them (`AutolinkScanner`).
    static func mayHoldAutolink(_ source: SourceText) -> Bool {
        let bytes = source.bytes
        guard !SourceText.contains(UInt8(ascii: "@"), in: bytes) else { return true }
        var index = 0
        while index + 1 < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: ":"):
                if bytes[index + 1] == UInt8(ascii: "/") || bytes[index + 1] == UInt8(ascii: "\\") { return true }
            case UInt8(ascii: "&"):
                if bytes[index + 1] == UInt8(ascii: "#") || isASCIIAlphanumeric(bytes[index + 1]) { return true }
            case UInt8(ascii: "w"):
                if index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "w"), bytes[index + 2] == UInt8(ascii: "w")
                {
                    return true
                }
            default:
                break
            }
            index += 1
        }
        return false
    }

    /// Whether `bytes` has a `[` with a `]` two bytes after it.
    private static func hasTaskMark(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        var index = 0
        while index + 2 < bytes.count {
            guard let found = memchr(base + index, Int32(UInt8(ascii: "[")), bytes.count - 2 - index) else {
                return false
            }
            index = UnsafeRawPointer(found) - UnsafeRawPointer(base)
            if base[index + 2] == UInt8(ascii: "]") { return true }
            index += 1
        }
        return false
    }

    /// A space, a tab or a block quote's `>`: what stands before a paragraph line's content.
    private static func isContainerMark(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: ">")
    }

    /// A pipe, a colon or a dash: what a delimiter row starts with.
    private static func isDelimiterRowStart(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "|") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "-")
    }

    private static func isLineEnd(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
    }

    /// A pipe, a colon, a dash, or a blank as `PipeTableRow` trims them.
    private static func isDelimiterRowByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "|"), UInt8(ascii: ":"), UInt8(ascii: "-"), UInt8(ascii: " "), UInt8(ascii: "\t"), 0x0B, 0x0C:
            true
        default: false
        }
    }

    static func isASCIIAlphanumeric(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "A")...UInt8(ascii: "Z"):
            true
        default: false
        }
    }
}
