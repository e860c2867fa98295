/// Obsidian's callouts: a block quote whose first line starts with `[!type]` is a box of the
/// type's family (`CalloutFamily`), with a title and the rest of the quote as its content.
///
/// | First line | Shown as |
/// | --- | --- |
/// | `> [!tip] Title` | a box titled *Title*, always open |
/// | `> [!tip]` | a box titled *Tip*: the type, its first letter in upper case |
/// | `> [!faq]- Title` | a `<details>` box, closed at first |
/// | `> [!faq]+ Title` | a `<details open>` box |
///
/// The mark is read in the source where the quote's first paragraph starts (cmark's block
/// position), and the paragraph's first texts must hold it too: an escaped `\[!tip]` or a link
/// `[!tip](x)` stays as written. The title is the inlines of the first line, as Obsidian reads
/// it; the lines after it stay a paragraph of the content. A callout inside a callout is a
/// quote inside a quote. The markup is Obsidian Publish's: `data-callout` names the family.
enum Callouts {
    /// Rewrites the callouts of `document` (whose Markdown is `source`). `blocks` gives the
    /// source of the blocks of inlines that earlier passes made, and gets the callouts' titles
    /// and the paragraphs after them.
    static func rewrite(
        in document: inout CmarkDocument, source: SourceText, blocks: inout [CmarkDocument.Node: Range<Int>]
    ) {
        var quotes: [CmarkDocument.Node] = []
        document.walk { event, node in
            guard event == .enter, document.kind(node) == .blockQuote, let first = document.firstChild(node),
                document.kind(first) == .paragraph, let text = document.firstChild(first),
                document.withLiteral(text, { $0.first == UInt8(ascii: "[") })
            else { return }
            quotes.append(node)
        }
        var cursor = SourceText.LineCursor()
        for quote in quotes {
            guard let paragraph = document.firstChild(quote),
                let lines = sourceLines(of: paragraph, in: document, source: source, blocks: blocks, &cursor),
                let marker = CalloutMarker(source.bytes[lines.title]),
                leadingTexts(of: paragraph, in: document, startWith: source.bytes[lines.title.prefix(marker.length)])
            else { continue }
            let callout = CalloutWriter(marker: marker, paragraph: paragraph, lines: lines)
            callout.replace(quote, in: &document, blocks: &blocks)
        }
    }

    /// Where a callout's first paragraph was written: its first line, and the lines after it.
    struct Lines {
        let title: Range<Int>
        let body: Range<Int>
    }

    /// The source lines of `paragraph`: from `blocks` when a pass made it, else from cmark's
    /// position.
    private static func sourceLines(
        of paragraph: CmarkDocument.Node, in document: borrowing CmarkDocument, source: SourceText,
        blocks: [CmarkDocument.Node: Range<Int>], _ cursor: inout SourceText.LineCursor
    ) -> Lines? {
        let range: Range<Int>
        if let known = blocks[paragraph] {
            range = known
        } else {
            let span = document.span(paragraph)
            guard span.startColumn > 0 else { return nil }
            let start = source.start(ofLine: span.startLine, &cursor) + span.startColumn - 1
            range = start..<max(start, source.start(ofLine: span.endLine + 1, &cursor))
        }
        let bytes = source.bytes
        var end = range.lowerBound
        while end < range.upperBound, bytes[end] != UInt8(ascii: "\n"), bytes[end] != UInt8(ascii: "\r") { end += 1 }
        var next = end
        if next < range.upperBound, bytes[next] == UInt8(ascii: "\r") { next += 1 }
        if next < range.upperBound, bytes[next] == UInt8(ascii: "\n") { next += 1 }
        return Lines(title: range.lowerBound..<end, body: next..<range.upperBound)
    }

    /// Whether the text nodes at the start of `paragraph` hold `mark`, byte for byte.
    private static func leadingTexts(
        of paragraph: CmarkDocument.Node, in document: borrowing CmarkDocument,
        startWith mark: Slice<UnsafeBufferPointer<UInt8>>
    ) -> Bool {
        var remaining = mark[...]
        var node = document.firstChild(paragraph)
        while !remaining.isEmpty, let text = node, document.kind(text) == .text {
            let matches = document.withLiteral(text) { literal in
                let count = min(literal.count, remaining.count)
                return literal.prefix(count).elementsEqual(remaining.prefix(count)) ? count : nil
            }
            guard let count = matches else { return false }
            remaining = remaining.dropFirst(count)
            node = document.next(text)
        }
        return remaining.isEmpty
    }
}
