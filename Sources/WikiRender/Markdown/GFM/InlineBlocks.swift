/// The blocks whose inlines the GFM passes rewrite (paragraphs, headings and table cells),
/// each with the bytes of the source it was written in and its text nodes in document order.
struct InlineBlocks {
    /// One block of inlines.
    struct Block {
        let node: CmarkDocument.Node
        /// The source lines of a paragraph or heading; the bytes of a table cell.
        let source: Range<Int>
        /// Every text node under the block, links' included, autolinks' not.
        let texts: [CmarkDocument.Node]
    }

    /// What a pass reads besides the text of paragraphs and table cells.
    struct Reading {
        /// Headings' text.
        var headings = true
        /// The labels of links, images and the nodes passes made (wikilinks).
        var labels = true
    }

    /// The blocks of `document` (whose Markdown is `source`) that have a text node for which
    /// `isWanted` holds, among those `reading` reads. `cells` gives the source of the table
    /// cells (`TableRewriter`). The walk only asks `isWanted`; a block's texts and source are
    /// gathered once it is wanted, as few are.
    static func find(
        in document: borrowing CmarkDocument, source: SourceText, cells: [CmarkDocument.Node: Range<Int>],
        reading: Reading = Reading(), where isWanted: (UnsafeBufferPointer<UInt8>) -> Bool
    ) -> [Block] {
        var wantedBlocks: [CmarkDocument.Node] = []
        var current: CmarkDocument.Node?
        var wanted = false
        var labelDepth = 0
        document.walk { event, node in
            switch document.kind(node) {
            case .paragraph, .heading, .customBlock:
                if event == .exit, node == current {
                    if wanted { wantedBlocks.append(node) }
                    current = nil
                    wanted = false
                } else if event == .enter, document.kind(node) != .customBlock || cells[node] != nil,
                    reading.headings || document.kind(node) != .heading
                {
                    current = node
                }
            case .link, .image, .customInline:
                if !reading.labels { labelDepth += event == .enter ? 1 : -1 }
            case .text where current != nil && !wanted && labelDepth == 0:
                wanted = document.withLiteral(node, isWanted) && !isAutolinkText(node, in: document)
            default:
                break
            }
        }
        var lineStart = SourceText.LineCursor()
        var lineEnd = SourceText.LineCursor()
        var blocks: [Block] = []
        for node in wantedBlocks {
            let range: Range<Int>
            if let cell = cells[node] {
                range = cell
            } else {
                let span = document.span(node)
                let start = source.start(ofLine: span.startLine, &lineStart)
                range = start..<max(start, source.start(ofLine: span.endLine + 1, &lineEnd))
            }
            blocks.append(Block(node: node, source: range, texts: texts(under: node, in: document)))
        }
        return blocks
    }

    /// The text nodes under `block`, in document order, but those of autolinks.
    private static func texts(
        under block: CmarkDocument.Node, in document: borrowing CmarkDocument
    ) -> [CmarkDocument.Node] {
        var texts: [CmarkDocument.Node] = []
        document.walk(from: block) { _, node in
            if document.kind(node) == .text, !isAutolinkText(node, in: document) { texts.append(node) }
        }
        return texts
    }

    /// Whether `text` is the label of an autolink (`<https://…>`, or one a pass made).
    private static func isAutolinkText(_ text: CmarkDocument.Node, in document: borrowing CmarkDocument) -> Bool {
        guard let parent = document.parent(text) else { return false }
        return document.kind(parent) == .link && document.isAutolink(parent)
    }

    /// The offsets of the escaped marks (`SourceText.Origin.escapedMarks`) of each text node
    /// of `block`, found in the source; a node that cannot be found has all of them escaped.
    static func escapedMarks(
        of block: Block, in document: borrowing CmarkDocument, source: inout SourceText
    ) -> [CmarkDocument.Node: [Int]] {
        guard source.mayEscapeMarks(block.source) else { return [:] }
        var marks: [CmarkDocument.Node: [Int]] = [:]
        var cursor = block.source.lowerBound
        for text in block.texts {
            let span = document.span(text)
            let width = span.endColumn - span.startColumn + 1
            let knownWidth = span.startColumn > 0 && span.startLine == span.endLine && width > 0 ? width : nil
            document.withLiteral(text) { literal in
                if let origin = source.locate(literal, width: knownWidth, in: cursor..<block.source.upperBound) {
                    cursor = origin.end
                    if !origin.escapedMarks.isEmpty { marks[text] = origin.escapedMarks }
                } else {
                    marks[text] = literal.indices.filter { SourceText.isRecordedMark(literal[$0]) }
                }
            }
        }
        return marks
    }
}
