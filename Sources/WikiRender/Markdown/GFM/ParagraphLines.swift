/// The source lines of a paragraph, each without the marks of the containers it is in: what
/// a line holds once the block quotes' `>` and the list items' indentation are taken off.
///
/// cmark gives a paragraph's first and last line and the column where its first line starts;
/// every later line starts with one `>` (and spaces) per enclosing block quote, and with
/// spaces for the list items. A line that lacks a `>` is a lazy continuation line.
struct ParagraphLines {
    /// One line of the paragraph.
    struct Line {
        /// The line's content in the source: from its first byte that is not a container mark
        /// or a space, to its line ending.
        let content: Range<Int>
        /// Where the line starts in the source (the container marks included).
        let start: Int
        /// Where the line starts once the container marks are taken off, before its spaces.
        let afterContainers: Int
        /// Whether the line lacks the `>` of an enclosing block quote.
        let isLazy: Bool
        /// The columns of spaces before its content, tabs to the next multiple of 4.
        let indent: Int
    }

    let lines: [Line]
    /// The indentation, in columns, of the content of the list item the paragraph is in (0 out
    /// of lists), read on its first line: a line indented 4 more is indented code for GFM.
    let baseIndent: Int
    /// Whether the last line is a setext heading's underline, which cannot be a delimiter row.
    let endsWithUnderline: Bool
    /// The outermost block quote the paragraph is in: a lazy line is outside it.
    let outermostQuote: CmarkDocument.Node?

    /// The lines of `paragraph` (or of a setext heading, its underline included) of
    /// `document`, whose Markdown is `source`; `cursor` keeps its place for the next paragraph.
    init(
        _ paragraph: CmarkDocument.Node, of document: borrowing CmarkDocument, source: SourceText,
        cursor: inout SourceText.LineCursor
    ) {
        var quotes = 0
        var outermostQuote: CmarkDocument.Node?
        var isInListItem = false
        var ancestor = document.parent(paragraph)
        while let container = ancestor {
            switch document.kind(container) {
            case .blockQuote:
                quotes += 1
                outermostQuote = container
            case .item: isInListItem = true
            default: break
            }
            ancestor = document.parent(container)
        }
        let span = document.span(paragraph)
        var lines: [Line] = []
        var baseIndent = 0
        let isHeading = document.kind(paragraph) == .heading
        for number in span.startLine...max(span.startLine, span.endLine) {
            let start = source.start(ofLine: number, &cursor)
            let end = Self.contentEnd(from: start, in: source.bytes)
            if number == span.startLine {
                let first = min(end, start + max(0, span.startColumn - 1))
                let marks = Self.line(from: start, to: end, quotes: quotes, in: source.bytes).afterContainers
                if isInListItem { baseIndent = max(0, first - marks) }
                lines.append(Line(content: first..<end, start: start, afterContainers: first, isLazy: false, indent: 0))
            } else {
                let line = Self.line(from: start, to: end, quotes: quotes, in: source.bytes)
                lines.append(line)
                // cmark's end of a setext heading may be a line after its underline.
                if isHeading, Self.isUnderline(source.bytes[line.content]) { break }
            }
        }
        while lines.count > 1, lines.last!.content.isEmpty { lines.removeLast() }
        self.lines = lines
        self.baseIndent = baseIndent
        self.outermostQuote = outermostQuote
        endsWithUnderline = isHeading
    }

    /// Whether `text` is a setext heading's underline: `=` or `-` only, then spaces or tabs.
    private static func isUnderline(_ text: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        guard let first = text.first, first == UInt8(ascii: "=") || first == UInt8(ascii: "-") else { return false }
        let marks = text.prefix { $0 == first }
        return text.dropFirst(marks.count).allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
    }

    /// A later line: `quotes` times spaces and `>`, then spaces.
    static func line(from start: Int, to end: Int, quotes: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Line {
        var position = start
        var isLazy = false
        for _ in 0..<quotes {
            var afterSpaces = position
            while afterSpaces < end, isBlank(bytes[afterSpaces]) { afterSpaces += 1 }
            guard afterSpaces < end, bytes[afterSpaces] == UInt8(ascii: ">") else {
                isLazy = true
                break
            }
            position = afterSpaces + 1
            if position < end, bytes[position] == UInt8(ascii: " ") { position += 1 }
        }
        let afterContainers = position
        var indent = 0
        while position < end, isBlank(bytes[position]) {
            indent = bytes[position] == UInt8(ascii: "\t") ? indent + 4 - indent % 4 : indent + 1
            position += 1
        }
        return Line(
            content: position..<end, start: start, afterContainers: afterContainers, isLazy: isLazy, indent: indent)
    }

    /// The end of the line from `start`, before its `\n`, `\r\n` or `\r`.
    static func contentEnd(from start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var end = start
        while end < bytes.count, bytes[end] != UInt8(ascii: "\n"), bytes[end] != UInt8(ascii: "\r") { end += 1 }
        return end
    }

    static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }
}
