/// What one walk of a parsed page finds: its headings, and the text nodes that may hold a
/// wikilink, with the line each was written on and which of its marks were escaped.
struct TreeSurvey {
    /// A text node with a `[` or `]`, outside any link or image.
    struct BracketText {
        let node: CmarkDocument.Node
        /// The 1-based source line the node was written on.
        let line: Int
        /// Sorted offsets, in the node's literal, of the `[`, `]` and `!` that were escaped.
        let escapedMarks: [Int]
    }

    /// The heading nodes, in document order.
    let headings: [CmarkDocument.Node]
    /// The text nodes with brackets, in document order.
    let bracketTexts: [BracketText]
    /// The link and image nodes, in document order.
    let linksAndImages: [CmarkDocument.Node]

    /// Walks `document` (whose Markdown is `source`) once. Only paragraphs, headings and table
    /// cells (`cells`: their bytes in the source) whose source has `[[` are looked into.
    init(
        _ document: borrowing CmarkDocument, source: inout SourceText, cells: [CmarkDocument.Node: Range<Int>] = [:]
    ) {
        var headings: [CmarkDocument.Node] = []
        var bracketTexts: [BracketText] = []
        var blockTexts: [CmarkDocument.Node] = []
        var linksAndImages: [CmarkDocument.Node] = []
        let pageHasDoubleBracket = source.hasDoubleBracket(0..<source.bytes.count)
        var blockHasDoubleBracket = false
        var blockHasBracket = false
        var blockLines = 0..<0
        var linkDepth = 0
        var cursors = Cursors()
        document.walk { event, node in
            switch document.kind(node) {
            case .paragraph, .heading, .customBlock:
                let cell = cells[node]
                if document.kind(node) == .customBlock && cell == nil { break }
                if event == .enter {
                    if document.kind(node) == .heading { headings.append(node) }
                    if pageHasDoubleBracket {
                        if let cell {
                            blockLines = cell
                        } else {
                            let span = document.span(node)
                            let start = source.start(ofLine: span.startLine, &cursors.blockStart)
                            blockLines = start..<max(start, source.start(ofLine: span.endLine + 1, &cursors.blockEnd))
                        }
                        blockHasDoubleBracket = source.hasDoubleBracket(blockLines)
                    }
                } else {
                    if blockHasBracket {
                        Self.locate(
                            blockTexts, in: blockLines, of: document, source: &source, lines: &cursors.textLine,
                            into: &bracketTexts)
                    }
                    blockTexts.removeAll(keepingCapacity: true)
                    blockHasDoubleBracket = false
                    blockHasBracket = false
                }
            case .link, .image:
                linkDepth += event == .enter ? 1 : -1
                if event == .enter { linksAndImages.append(node) }
            case .text where linkDepth == 0 && blockHasDoubleBracket:
                blockTexts.append(node)
                if !blockHasBracket {
                    blockHasBracket = document.withLiteral(node, SourceText.hasBracket)
                }
            default:
                break
            }
        }
        self.headings = headings
        self.bracketTexts = bracketTexts
        self.linksAndImages = linksAndImages
    }

    /// Where the walk is in the source: each moves forward only.
    private struct Cursors {
        var blockStart = SourceText.LineCursor()
        var blockEnd = SourceText.LineCursor()
        var textLine = SourceText.LineCursor()
    }

    /// Finds the text nodes of one paragraph or heading (written in `lines`) in the source, in
    /// order, and keeps those with brackets.
    private static func locate(
        _ texts: [CmarkDocument.Node], in lines: Range<Int>, of document: borrowing CmarkDocument,
        source: inout SourceText, lines lineCursor: inout SourceText.LineCursor, into bracketTexts: inout [BracketText]
    ) {
        var cursor = lines.lowerBound
        var mayEscapeMarks: Bool?  // whether the block has a backslash or `&`, looked for when needed
        for text in texts {
            let span = document.span(text)
            let width = span.endColumn - span.startColumn + 1
            let knownWidth = span.startColumn > 0 && span.startLine == span.endLine && width > 0 ? width : nil
            document.withLiteral(text) { literal in
                let hasBracket = SourceText.hasBracket(literal)
                if let origin = source.locate(literal, width: knownWidth, in: cursor..<lines.upperBound) {
                    cursor = origin.end
                    if hasBracket {
                        bracketTexts.append(
                            BracketText(
                                node: text, line: source.line(at: origin.start, &lineCursor),
                                escapedMarks: origin.escapedMarks))
                    }
                } else if hasBracket {
                    // Not found (only with contrived input): cmark's line is the best guess, and
                    // no mark counts as real where one could have been escaped.
                    let canEscape = mayEscapeMarks ?? source.mayEscapeMarks(lines)
                    mayEscapeMarks = canEscape
                    let escaped = canEscape ? literal.indices.filter { SourceText.isWikilinkMark(literal[$0]) } : []
                    bracketTexts.append(BracketText(node: text, line: span.startLine, escapedMarks: escaped))
                }
            }
        }
    }
}
