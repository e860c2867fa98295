/// Where a footnote definition (`[^label]: text`) starts in a text, found from the blocks cmark
/// made of it.
///
/// A definition starts a line as a paragraph would: cmark reads it as the start or a line of a
/// paragraph, or as a link reference definition (a paragraph it then drops, leaving lines no
/// block covers). So only those lines are looked at: a line inside code or raw HTML never
/// starts a definition.
struct FootnoteDefinitionStart {
    /// The 1-based line.
    let line: Int
    /// The bytes before `[^`: the marks of the containers and the indentation.
    let prefix: Range<Int>
    /// The label, between `[^` and `]:`.
    let label: Range<Int>
    /// Where the text after `]:` and its spaces starts.
    let contentStart: Int
    /// How many block quotes the definition is in: a later line of it starts with as many `>`.
    let quotes: Int
    /// The indentation, in columns after the quotes' marks, of the content of the list item
    /// the definition is in (0 out of lists): a later line indented 4 more continues it.
    let baseIndent: Int

    /// The definitions' starts in `source`, whose blocks cmark made as `document`, in order.
    static func find(in document: borrowing CmarkDocument, source: SourceText) -> [FootnoteDefinitionStart] {
        var finder = StartFinder(source: source)
        var containers: [CmarkDocument.Node] = []
        document.walk { event, node in
            let kind = document.kind(node)
            let span = document.span(node)
            switch kind {
            case .blockQuote, .item:
                if event == .enter {
                    finder.readGaps(before: span.startLine, in: containers, of: document)
                    containers.append(node)
                } else {
                    finder.readGaps(before: span.endLine + 1, in: containers, of: document)
                    containers.removeLast()
                }
            case .paragraph, .heading, .codeBlock, .htmlBlock, .thematicBreak, .list:
                guard event == .enter else { return }
                finder.readGaps(before: span.startLine, in: containers, of: document)
                if kind == .paragraph { finder.readParagraph(node, of: document) }
                if kind != .list { finder.nextLine = max(finder.nextLine, span.endLine + 1) }
            default:
                break
            }
        }
        finder.readGaps(before: Int.max, in: [], of: document)
        return finder.starts
    }

    /// The label and content of a definition written from `offset` (after its containers'
    /// marks and indentation) to `end`: `[^`, a label of bytes other than `]`, blanks and NUL,
    /// `]:`, then spaces or tabs.
    static func parse(at offset: Int, to end: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (
        label: Range<Int>, contentStart: Int
    )? {
        guard end - offset >= 5, bytes[offset] == UInt8(ascii: "["), bytes[offset + 1] == UInt8(ascii: "^") else {
            return nil
        }
        var index = offset + 2
        while index < end, !isLabelEnd(bytes[index]) { index += 1 }
        guard index > offset + 2, index + 1 < end, bytes[index] == UInt8(ascii: "]"),
            bytes[index + 1] == UInt8(ascii: ":")
        else { return nil }
        var contentStart = index + 2
        while contentStart < end, ParagraphLines.isBlank(bytes[contentStart]) { contentStart += 1 }
        return (offset + 2..<index, contentStart)
    }

    /// Whether `range` of `bytes` has `[^`, which every definition and reference starts with.
    static func hasOpening(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        SourceText.hasPair(UInt8(ascii: "["), UInt8(ascii: "^"), in: bytes, range)
    }

    /// Whether `byte` cannot be in a label: `]`, a space, a tab, a line ending or NUL.
    static func isLabelEnd(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "]"), UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), 0:
            true
        default: false
        }
    }
}

/// The state of one search for definitions' starts: the lines read so far.
private struct StartFinder {
    let source: SourceText
    private(set) var starts: [FootnoteDefinitionStart] = []
    /// The first line no block seen so far covers.
    var nextLine = 1
    private var paragraphCursor = SourceText.LineCursor()
    private var startCursor = SourceText.LineCursor()
    private var endCursor = SourceText.LineCursor()
    private var gapCursor = SourceText.LineCursor()

    init(source: SourceText) {
        self.source = source
    }

    /// Reads the lines of `paragraph` that may start a definition: its first, and each later
    /// one indented less than 4 more than the list item it is in.
    mutating func readParagraph(_ paragraph: CmarkDocument.Node, of document: borrowing CmarkDocument) {
        let span = document.span(paragraph)
        let start = source.start(ofLine: span.startLine, &startCursor)
        let end = source.start(ofLine: span.endLine + 1, &endCursor)
        guard FootnoteDefinitionStart.hasOpening(source.bytes, start..<end) else { return }
        let lines = ParagraphLines(paragraph, of: document, source: source, cursor: &paragraphCursor)
        for (index, line) in lines.lines.enumerated() {
            guard index == 0 || line.indent - (line.isLazy ? 0 : lines.baseIndent) < 4,
                let parsed = FootnoteDefinitionStart.parse(
                    at: line.content.lowerBound, to: line.content.upperBound, in: source.bytes)
            else { continue }
            let prefix = line.start..<line.content.lowerBound
            starts.append(
                FootnoteDefinitionStart(
                    line: span.startLine + index, prefix: prefix, label: parsed.label,
                    contentStart: parsed.contentStart, quotes: quoteMarks(in: prefix),
                    baseIndent: line.isLazy ? 0 : lines.baseIndent))
        }
    }

    /// Reads the lines from `nextLine` up to `line` (excluded), which no block covers: those
    /// cmark read as link reference definitions, in the innermost of `containers`.
    mutating func readGaps(before line: Int, in containers: [CmarkDocument.Node], of document: borrowing CmarkDocument)
    {
        while nextLine < line {
            let start = source.start(ofLine: nextLine, &gapCursor)
            guard start < source.bytes.count else { return }
            let end = ParagraphLines.contentEnd(from: start, in: source.bytes)
            if FootnoteDefinitionStart.hasOpening(source.bytes, start..<end) {
                readGap(nextLine, from: start, to: end, in: containers, of: document)
            }
            nextLine += 1
        }
    }

    private mutating func readGap(
        _ line: Int, from start: Int, to end: Int, in containers: [CmarkDocument.Node],
        of document: borrowing CmarkDocument
    ) {
        let marks = ContainerMarks(containers, of: document)
        let content = marks.strip(line, from: start, to: end, in: source.bytes)
        guard let parsed = FootnoteDefinitionStart.parse(at: content.offset, to: end, in: source.bytes) else { return }
        var baseIndent = content.itemIndent
        var indent = content.indent
        if baseIndent == nil, let item = marks.innermostItem {
            let itemLine = document.span(item).startLine
            var cursor = SourceText.LineCursor()
            let itemStart = source.start(ofLine: itemLine, &cursor)
            let itemEnd = ParagraphLines.contentEnd(from: itemStart, in: source.bytes)
            baseIndent = marks.strip(itemLine, from: itemStart, to: itemEnd, in: source.bytes).itemIndent
            indent -= baseIndent ?? 0
        }
        // Indented 4 more than its container, the line continues a paragraph cmark began above.
        guard indent < 4 else { return }
        starts.append(
            FootnoteDefinitionStart(
                line: line, prefix: start..<content.offset, label: parsed.label, contentStart: parsed.contentStart,
                quotes: quoteMarks(in: start..<content.offset), baseIndent: baseIndent ?? 0))
    }

    private func quoteMarks(in range: Range<Int>) -> Int {
        source.bytes[range].count { $0 == UInt8(ascii: ">") }
    }

}

/// The block quotes and list items a line is in, and how to take their marks off it.
private struct ContainerMarks {
    /// Each container, outermost first: whether it is a block quote, and the line it starts.
    private let containers: [(isQuote: Bool, line: Int)]
    let innermostItem: CmarkDocument.Node?

    init(_ nodes: [CmarkDocument.Node], of document: borrowing CmarkDocument) {
        containers = nodes.map { (document.kind($0) == .blockQuote, document.span($0).startLine) }
        innermostItem = nodes.last { document.kind($0) == .item }
    }

    /// Where the content of line `line` (from `start` to `end`) starts once the `>` of its
    /// quotes and the markers of the items that start on it are taken off, with its spaces;
    /// the columns, after the last `>`, of the content of the last item it starts; and the
    /// columns of the spaces before the content.
    func strip(_ line: Int, from start: Int, to end: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (
        offset: Int, itemIndent: Int?, indent: Int
    ) {
        var position = start
        var afterQuote = start
        var itemIndent: Int?
        for container in containers {
            while position < end, ParagraphLines.isBlank(bytes[position]) { position += 1 }
            if container.isQuote {
                guard position < end, bytes[position] == UInt8(ascii: ">") else { break }
                position += 1
                if position < end, bytes[position] == UInt8(ascii: " ") { position += 1 }
                afterQuote = position
            } else if container.line == line, let markerEnd = Self.listMarkerEnd(at: position, to: end, in: bytes) {
                position = markerEnd
                var spaces = 0
                while position < end, spaces < 4, ParagraphLines.isBlank(bytes[position]) {
                    position += 1
                    spaces += 1
                }
                itemIndent = position - afterQuote
            }
        }
        var indent = 0
        while position < end, ParagraphLines.isBlank(bytes[position]) {
            indent = bytes[position] == UInt8(ascii: "\t") ? indent + 4 - indent % 4 : indent + 1
            position += 1
        }
        return (position, itemIndent, indent)
    }

    /// The end of a list marker at `position` (`-`, `+`, `*`, or 1 to 9 digits and `.` or `)`).
    private static func listMarkerEnd(at position: Int, to end: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard position < end else { return nil }
        if [UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "*")].contains(bytes[position]) { return position + 1 }
        var index = position
        while index < end, index - position < 9, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
            index += 1
        }
        guard index > position, index < end, bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: ")")
        else { return nil }
        return index + 1
    }
}
