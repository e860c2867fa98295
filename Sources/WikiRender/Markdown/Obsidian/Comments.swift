/// Obsidian's comments: everything between two `%%` is left out of the page, and so of
/// anything made from its HTML (feeds, lists of links, headings).
///
/// | Written | Left out |
/// | --- | --- |
/// | `a %%note%% b` | the `%%`, `note` and the `%%` |
/// | `%%` on a line, blocks, `%%` on a line | both marks and every block between |
///
/// Marks are found in text nodes only, so a `%%` in code, a code block or raw HTML is never
/// one; an escaped `\%` is no mark either. The marks written directly in the page's
/// paragraphs and headings pair up in order, so a comment can hold whole blocks, in any
/// container; marks inside emphasis, a link, a table cell or a callout's title pair up there.
/// A mark without a partner stays text.
enum Comments {
    /// Removes every comment of `document` (whose Markdown is `source`). `cells` gives the
    /// source of the blocks of inlines that earlier passes made.
    static func remove(
        in document: inout CmarkDocument, source: inout SourceText, cells: [CmarkDocument.Node: Range<Int>]
    ) {
        let blocks = InlineBlocks.find(in: document, source: source, cells: cells) { hasMark($0) }
        guard !blocks.isEmpty else { return }
        var groups: [CmarkDocument.Node: [CommentMark]] = [:]
        var order: [CmarkDocument.Node] = []
        for block in blocks {
            let escaped = InlineBlocks.escapedMarks(of: block, in: document, source: &source)
            for mark in marks(in: block, of: document, escaped: escaped) {
                if groups[mark.group] == nil { order.append(mark.group) }
                groups[mark.group, default: []].append(mark)
            }
        }
        var cut = CommentCut()
        for group in order {
            let marks = groups[group, default: []]
            for index in stride(from: 1, to: marks.count, by: 2) {
                cut.add(from: marks[index - 1], to: marks[index], in: document)
            }
        }
        cut.apply(to: &document)
    }

    /// The marks of the text nodes of `block`, in order, none of whose `%` is in `escaped`.
    private static func marks(
        in block: InlineBlocks.Block, of document: borrowing CmarkDocument, escaped: [CmarkDocument.Node: [Int]]
    ) -> [CommentMark] {
        let kind = document.kind(block.node)
        let crossesBlocks = kind == .paragraph || kind == .heading
        var marks: [CommentMark] = []
        for text in block.texts {
            guard let parent = document.parent(text) else { continue }
            let escapes = Set(escaped[text] ?? [])
            let isInBlock = crossesBlocks && parent == block.node
            let group = isInBlock ? document.documentNode : parent
            document.withLiteral(text) { literal in
                var index = 0
                while index + 1 < literal.count {
                    if literal[index] == percent, literal[index + 1] == percent, !escapes.contains(index),
                        !escapes.contains(index + 1)
                    {
                        marks.append(
                            CommentMark(
                                text: text, offset: index, block: isInBlock ? block.node : nil, group: group))
                        index += 2
                    } else {
                        index += 1
                    }
                }
            }
        }
        return marks
    }

    private static let percent = UInt8(ascii: "%")

    /// Whether `literal` holds `%%`.
    private static func hasMark(_ literal: UnsafeBufferPointer<UInt8>) -> Bool {
        literal.indices.dropFirst().contains { literal[$0] == percent && literal[$0 - 1] == percent }
    }
}

/// One `%%` in a text node.
struct CommentMark {
    let text: CmarkDocument.Node
    /// Where the `%%` starts in the text's literal.
    let offset: Int
    /// The paragraph or heading the text is directly in, when the mark may pair across blocks.
    let block: CmarkDocument.Node?
    /// The node whose marks pair up with this one: the document, or the text's parent.
    let group: CmarkDocument.Node
}
