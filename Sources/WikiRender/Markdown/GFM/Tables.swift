/// GFM's pipe tables, found in the paragraphs cmark made (and setext headings, whose underline
/// is a row of a table above it): a paragraph line of cells (the header row) followed by a
/// delimiter row with as many cells (`| --- | :-: |`) starts a table, and every later line of
/// the paragraph is a row, up to a line that would start another block outside a paragraph
/// (indented code, a list) or a lazy continuation line. The lines before the header row stay a
/// paragraph. Each cell's text is parsed by cmark on its own as inlines (`TableCells`); rows
/// with fewer cells than the header get empty ones, extra cells are dropped.
///
/// A table is written as `cmark-gfm` writes it; the `<table>` is wrapped in a container that
/// scrolls when the table is too wide and can be reached with the keyboard.
enum Tables {
    /// At most this many empty cells are added to short rows in a document (`cmark-gfm`'s
    /// limit too): a table of many columns and many one-cell rows ends before its size explodes.
    static let maximumAddedCells = 0x80000

    /// Rewrites the tables of `document` (whose Markdown is `source`) and returns the source
    /// of each new block holding inlines: each cell, and the paragraphs before and after a table.
    static func rewrite(in document: inout CmarkDocument, source: SourceText) -> [CmarkDocument.Node: Range<Int>] {
        var paragraphs: [CmarkDocument.Node] = []
        document.walk { event, node in
            guard event == .enter, [.paragraph, .heading].contains(document.kind(node)) else { return }
            let span = document.span(node)
            if span.endLine > span.startLine { paragraphs.append(node) }
        }
        var writer = TableWriter(source: source)
        var cursor = SourceText.LineCursor()
        for paragraph in paragraphs {
            let lines = ParagraphLines(paragraph, of: document, source: source, cursor: &cursor)
            guard let found = writer.findTable(in: lines) else { continue }
            writer.replace(paragraph, by: found, lines: lines, in: &document)
        }
        return writer.sources
    }
}

/// A table found in a paragraph's lines.
struct FoundTable {
    /// The index of the header row's line; the delimiter row is the next.
    let header: Int
    let alignments: [TableAlignment]
    /// The index of the first line after the table.
    let end: Int
}

/// Finds tables in paragraphs' lines and puts them in the tree.
struct TableWriter {
    let source: SourceText
    /// The source of each new block holding inlines.
    private(set) var sources: [CmarkDocument.Node: Range<Int>] = [:]
    private var addedCells = 0

    init(source: SourceText) {
        self.source = source
    }

    /// The first table of `lines`: a header row, then a delimiter row of as many cells.
    func findTable(in lines: ParagraphLines) -> FoundTable? {
        let delimiterRows = 1..<(lines.lines.count - (lines.endsWithUnderline ? 1 : 0))
        for index in delimiterRows where mayBeDelimiterRow(lines.lines[index]) {
            let delimiter = lines.lines[index]
            let header = lines.lines[index - 1]
            guard !delimiter.isLazy, !header.isLazy, delimiter.indent - lines.baseIndent < 4 else { continue }
            let delimiterText = source.bytes[delimiter.content]
            guard let alignments = PipeTableRow(delimiterText).alignments(in: delimiterText),
                PipeTableRow(source.bytes[header.content]).cells.count == alignments.count
            else { continue }
            var end = index + 1
            while end < lines.lines.count, continuesTable(lines.lines[end], in: lines) { end += 1 }
            return FoundTable(header: index - 1, alignments: alignments, end: end)
        }
        return nil
    }

    /// Puts `table` where `paragraph` is, with the paragraph's lines before and after it.
    mutating func replace(
        _ paragraph: CmarkDocument.Node, by table: FoundTable, lines: ParagraphLines, in document: inout CmarkDocument
    ) {
        let before = lines.lines[..<table.header]
        if !before.isEmpty {
            insertBlocks(parsing: before, from: \.content.lowerBound, before: paragraph, in: &document)
        }
        var cells = TableCells(source: source)
        let columns = table.alignments.count
        let wrapper = document.newBlock(
            onEnter: "<div class=\"table-wrapper\" tabindex=\"0\" role=\"region\" aria-label=\"Table\">",
            onExit: "</div>")
        let element = document.appendBlock(onEnter: "<table>", onExit: "</table>", to: wrapper)
        let head = document.appendBlock(onEnter: "<thead>", onExit: "</thead>", to: element)
        let headerLine = source.bytes[lines.lines[table.header].content]
        cells.appendRow(PipeTableRow(headerLine), of: headerLine, tag: "th", table.alignments, to: head, in: &document)
        var rowEnd = table.header + 2
        if rowEnd < table.end {
            let body = document.appendBlock(onEnter: "<tbody>", onExit: "</tbody>", to: element)
            while rowEnd < table.end {
                let line = source.bytes[lines.lines[rowEnd].content]
                let row = PipeTableRow(line)
                let added = max(0, columns - row.cells.count)
                guard addedCells + added <= Tables.maximumAddedCells else { break }
                addedCells += added
                cells.appendRow(row, of: line, tag: "td", table.alignments, to: body, in: &document)
                rowEnd += 1
            }
        }
        document.move(wrapper, before: paragraph)
        sources.merge(cells.sources) { first, _ in first }
        let after = lines.lines[rowEnd...]
        if let first = after.first {
            // A lazy line is outside the block quotes: so is what follows the table.
            let anchor = first.isLazy ? lines.outermostQuote : nil
            let blocks = insertBlocks(parsing: after, from: \.afterContainers, before: paragraph, in: &document)
            if let anchor {
                for block in blocks.reversed() { document.move(block, after: anchor) }
            }
        }
        document.remove(paragraph)
    }

    /// Whether `line` may be a delimiter row: it starts with `|`, `:` or `-`.
    private func mayBeDelimiterRow(_ line: ParagraphLines.Line) -> Bool {
        guard let first = line.content.first else { return false }
        return [UInt8(ascii: "|"), UInt8(ascii: ":"), UInt8(ascii: "-")].contains(source.bytes[first])
    }

    /// Whether `line`, after a table's rows, is a row too: not lazy, and not the start of a
    /// block that cannot interrupt a paragraph but ends a table (indented code, a list that
    /// does not start at 1, an empty item, some HTML).
    private func continuesTable(_ line: ParagraphLines.Line, in lines: ParagraphLines) -> Bool {
        if line.isLazy || line.indent - lines.baseIndent >= 4 { return false }
        guard let first = line.content.first, Self.mayStartBlock(source.bytes[first]) else { return true }
        let text = UnsafeBufferPointer(rebasing: source.bytes[line.content])
        let alone = CmarkDocument(parsing: text)
        guard let block = alone.firstChild(alone.documentNode) else { return true }
        return alone.kind(block) == .paragraph
    }

    /// Whether a line starting with `byte` may start a block other than a paragraph.
    private static func mayStartBlock(_ byte: UInt8) -> Bool {
        "-+*<0123456789".utf8.contains(byte)
    }

    /// Parses `lines` (each from `start` to its end, one after the other) on their own, puts
    /// the blocks before `sibling` and returns them.
    @discardableResult
    private mutating func insertBlocks(
        parsing lines: ArraySlice<ParagraphLines.Line>, from start: KeyPath<ParagraphLines.Line, Int>,
        before sibling: CmarkDocument.Node, in document: inout CmarkDocument
    ) -> [CmarkDocument.Node] {
        var text: [UInt8] = []
        for line in lines {
            text.append(contentsOf: source.bytes[line[keyPath: start]..<line.content.upperBound])
            text.append(UInt8(ascii: "\n"))
        }
        var blocks: [CmarkDocument.Node] = []
        let range = lines.first![keyPath: start]..<(lines.last!.content.upperBound)
        text.withUnsafeBufferPointer { bytes in
            // In `document`'s arena: its blocks move there.
            let parsed = CmarkDocument(parsing: bytes, in: document.arena)
            while let block = parsed.firstChild(parsed.documentNode) {
                if parsed.kind(block) == .paragraph { sources[block] = range }
                document.move(block, before: sibling)
                blocks.append(block)
            }
        }
        return blocks
    }
}
