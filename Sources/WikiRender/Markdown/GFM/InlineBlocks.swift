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

    /// The blocks of `document` (whose Markdown is `source`) that have a text node for which
    /// `isWanted` holds. `cells` gives the source of the table cells (`TableRewriter`).
    static func find(
        in document: borrowing CmarkDocument, source: SourceText, cells: [CmarkDocument.Node: Range<Int>],
        where isWanted: (UnsafeBufferPointer<UInt8>) -> Bool
    ) -> [Block] {
        var blocks: [Block] = []
        var current: (node: CmarkDocument.Node, source: Range<Int>)?
        var texts: [CmarkDocument.Node] = []
        var wanted = false
        var lineStart = SourceText.LineCursor()
        var lineEnd = SourceText.LineCursor()
        document.walk { event, node in
            switch document.kind(node) {
            case .paragraph, .heading, .customBlock:
                if event == .exit, let block = current, block.node == node {
                    if wanted { blocks.append(Block(node: node, source: block.source, texts: texts)) }
                    current = nil
                    texts.removeAll(keepingCapacity: true)
                    wanted = false
                } else if event == .enter, let range = cells[node] {
                    current = (node, range)
                } else if event == .enter, document.kind(node) != .customBlock {
                    let span = document.span(node)
                    let start = source.start(ofLine: span.startLine, &lineStart)
                    current = (node, start..<max(start, source.start(ofLine: span.endLine + 1, &lineEnd)))
                }
            case .text where current != nil:
                if let parent = document.parent(node), document.kind(parent) == .link, document.isAutolink(parent) {
                    break
                }
                texts.append(node)
                if !wanted { wanted = document.withLiteral(node, isWanted) }
            default:
                break
            }
        }
        return blocks
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
