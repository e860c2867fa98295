/// A footnote definition (`[^label]: text`) of a text, with the lines it takes.
struct FootnoteDefinition {
    /// The label as written between `[^` and `]:`.
    let label: [UInt8]
    /// The 1-based lines it takes: its first, then its indented, blank and lazy lines.
    let lines: ClosedRange<Int>
    /// Its Markdown: the text after `]:`, then each later line without its containers' marks
    /// and the definition's indentation; one line for each of `lines`.
    let content: [UInt8]
}

/// The footnote definitions of a text, and the text cmark parses in their place.
///
/// As in `cmark-gfm`, a definition is a container block: its first line starts `[^label]:`,
/// and it goes on over the lines indented 4 more than it, the blank lines between them, and
/// the lazy lines that continue its last paragraph. cmark reads such lines as a paragraph, a
/// link reference definition or indented code; so each line of a definition is replaced, in
/// the text cmark parses, by a thematic break (`mask`) in the same containers. That keeps the
/// blocks around it as `cmark-gfm` makes them (a definition ends a paragraph and a list), and
/// `Footnotes` puts the definition's own blocks where the breaks are.
struct FootnoteDefinitions {
    /// What replaces each line of a definition, after its containers' marks: a thematic break
    /// that no list marker before it can turn into another block.
    static let mask = Array("___".utf8)
    /// How deep definitions are read inside definitions; deeper, a definition's text is read
    /// as cmark reads it. Each level is indented 4 more columns, so only contrived text nests.
    static let maximumDepth = 16

    let definitions: [FootnoteDefinition]
    /// The text with every line of a definition masked; the same lines, the same line endings.
    let maskedText: [UInt8]

    /// The definitions of `text`, or nil when it has none.
    init?(in text: UnsafeBufferPointer<UInt8>) {
        guard FootnoteDefinitionStart.hasOpening(text, 0..<text.count) else { return nil }
        let source = SourceText(text)
        let starts = FootnoteDefinitionStart.find(in: CmarkDocument(parsing: text), source: source)
        guard !starts.isEmpty else { return nil }
        var definitions: [FootnoteDefinition] = []
        var cursor = SourceText.LineCursor()
        for (index, start) in starts.enumerated() {
            let limit = index + 1 < starts.count ? starts[index + 1].line : Int.max
            definitions.append(Self.definition(from: start, before: limit, in: source, cursor: &cursor))
        }
        self.definitions = definitions
        maskedText = Self.mask(text, definitions: definitions, starts: starts)
    }

    /// The definition that starts at `start` and ends before line `limit` at the latest.
    private static func definition(
        from start: FootnoteDefinitionStart, before limit: Int, in source: SourceText,
        cursor: inout SourceText.LineCursor
    ) -> FootnoteDefinition {
        let bytes = source.bytes
        let firstEnd = ParagraphLines.contentEnd(from: start.contentStart, in: bytes)
        var lines: [ArraySlice<UInt8>] = [ArraySlice(bytes[start.contentStart..<firstEnd])]
        var lazyLines: [Int] = []
        var previousIsBlank = lines[0].isEmpty
        var number = start.line + 1
        while number < limit {
            let lineStart = source.start(ofLine: number, &cursor)
            guard lineStart < bytes.count else { break }
            let line = DefinitionLine(from: lineStart, quotes: start.quotes, in: bytes)
            if line.isBlank {
                if line.lacksQuote { break }
                lines.append([])
                previousIsBlank = true
            } else if !line.lacksQuote && line.indent >= start.baseIndent + 4 {
                lines.append(line.text(droppingColumns: start.baseIndent + 4, in: bytes))
                previousIsBlank = false
            } else if previousIsBlank
                || (line.indent < start.baseIndent || line.lacksQuote) && line.startsList(in: bytes)
            {
                // Outside the definition's containers, a list starts even where it could not
                // interrupt a paragraph.
                break
            } else {
                lazyLines.append(lines.count)
                lines.append(line.lazyText(in: bytes))
            }
            number += 1
        }
        if let cut = firstLineEndingParagraphs(lazyLines, of: lines) { lines.removeSubrange(cut...) }
        while lines.count > 1, lines.last!.isEmpty { lines.removeLast() }
        var content: [UInt8] = []
        for (index, line) in lines.enumerated() {
            if index > 0 { content.append(UInt8(ascii: "\n")) }
            content.append(contentsOf: line)
        }
        return FootnoteDefinition(
            label: Array(bytes[start.label]), lines: start.line...(start.line + lines.count - 1), content: content)
    }

    /// The first of `lazyLines` (indices in `lines`) that does not continue a paragraph when
    /// `lines` are parsed as cmark parses them: it starts a block, and so ends the definition.
    private static func firstLineEndingParagraphs(_ lazyLines: [Int], of lines: [ArraySlice<UInt8>]) -> Int? {
        guard !lazyLines.isEmpty else { return nil }
        var text: [UInt8] = []
        for line in lines[...lazyLines.last!] {
            text.append(contentsOf: line)
            text.append(UInt8(ascii: "\n"))
        }
        var continues = [Bool](repeating: false, count: lazyLines.last! + 2)
        text.withUnsafeBufferPointer { bytes in
            let document = CmarkDocument(parsing: bytes)
            document.walk { event, node in
                guard event == .enter, document.kind(node) == .paragraph else { return }
                let span = document.span(node)
                let last = min(span.endLine, continues.count - 1)
                guard last > span.startLine else { return }
                for line in (span.startLine + 1)...last { continues[line] = true }
            }
        }
        return lazyLines.first { !continues[$0 + 1] }
    }

    /// `text` with each line of `definitions` replaced by its containers' marks and `mask`:
    /// the first line's own marks, and on later lines the same `>`, list markers as spaces.
    private static func mask(
        _ text: UnsafeBufferPointer<UInt8>, definitions: [FootnoteDefinition], starts: [FootnoteDefinitionStart]
    ) -> [UInt8] {
        var masked: [UInt8] = []
        masked.reserveCapacity(text.count)
        var line = 1
        var offset = 0
        var index = 0
        while offset < text.count {
            let end = ParagraphLines.contentEnd(from: offset, in: text)
            var next = end
            if next < text.count {
                next +=
                    text[next] == UInt8(ascii: "\r") && next + 1 < text.count && text[next + 1] == UInt8(ascii: "\n")
                    ? 2 : 1
            }
            while index < definitions.count, definitions[index].lines.upperBound < line { index += 1 }
            if index < definitions.count, definitions[index].lines.contains(line) {
                let prefix = text[starts[index].prefix]
                if line == definitions[index].lines.lowerBound {
                    masked.append(contentsOf: prefix)
                } else {
                    masked.append(
                        contentsOf: prefix.map { $0 == UInt8(ascii: ">") || $0 == UInt8(ascii: "\t") ? $0 : 32 })
                }
                masked.append(contentsOf: mask)
                masked.append(contentsOf: text[end..<next])
            } else {
                masked.append(contentsOf: text[offset..<next])
            }
            offset = next
            line += 1
        }
        return masked
    }
}

/// A line after a definition's first, read against the definition's containers.
private struct DefinitionLine {
    /// Where the line ends, before its line ending.
    let end: Int
    /// Whether it lacks the `>` of one of the definition's block quotes.
    let lacksQuote: Bool
    /// Where its text starts after the quotes' marks, before its indentation.
    let afterQuotes: Int
    /// Where its text starts after its indentation.
    let textStart: Int
    /// Its indentation in columns, tabs to the next multiple of 4.
    let indent: Int

    var isBlank: Bool { textStart == end }

    init(from start: Int, quotes: Int, in bytes: UnsafeBufferPointer<UInt8>) {
        end = ParagraphLines.contentEnd(from: start, in: bytes)
        let read = ParagraphLines.line(from: start, to: end, quotes: quotes, in: bytes)
        lacksQuote = read.isLazy
        afterQuotes = read.isLazy ? start : read.afterContainers
        var position = afterQuotes
        var indent = 0
        while position < end, ParagraphLines.isBlank(bytes[position]) {
            indent = bytes[position] == UInt8(ascii: "\t") ? indent + 4 - indent % 4 : indent + 1
            position += 1
        }
        textStart = position
        self.indent = indent
    }

    /// The line as a lazy line of a paragraph: its text, with the first `=` of a line of `=`
    /// escaped, since a lazy line is never a setext heading's underline.
    func lazyText(in bytes: UnsafeBufferPointer<UInt8>) -> ArraySlice<UInt8> {
        let text = bytes[textStart..<end]
        let marks = text.prefix { $0 == UInt8(ascii: "=") }
        guard !marks.isEmpty, text.dropFirst(marks.count).allSatisfy(ParagraphLines.isBlank) else {
            return ArraySlice(text)
        }
        return ArraySlice([UInt8(ascii: "\\")] + text)
    }

    /// Whether the line, read alone, starts a list.
    func startsList(in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard "-+*0123456789".utf8.contains(bytes[textStart]) else { return false }
        let alone = CmarkDocument(parsing: UnsafeBufferPointer(rebasing: bytes[textStart..<end]))
        return alone.firstChild(alone.documentNode).map { alone.kind($0) == .list } ?? false
    }

    /// The line after the quotes' marks without its first `columns` columns of indentation; a
    /// tab that spans the cut leaves spaces for its columns past it.
    func text(droppingColumns columns: Int, in bytes: UnsafeBufferPointer<UInt8>) -> ArraySlice<UInt8> {
        var position = afterQuotes
        var column = 0
        while column < columns, position < end {
            column = bytes[position] == UInt8(ascii: "\t") ? column + 4 - column % 4 : column + 1
            position += 1
        }
        let rest = ArraySlice(bytes[position..<end])
        return column > columns ? ArraySlice(repeatElement(UInt8(ascii: " "), count: column - columns)) + rest : rest
    }
}
