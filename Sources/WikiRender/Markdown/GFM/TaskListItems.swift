/// GFM's task list items: a list item whose paragraph is written starting `[ ]`, `[x]` or
/// `[X]` and a space or tab shows a disabled checkbox, checked for `[x]`, instead of that mark.
///
/// The mark is read in the source, where the item's paragraph starts (cmark's block position),
/// so an escaped `\[ ]` stays text; the paragraph's first text node must start with it too. The
/// checkbox goes where the mark was: in a tight list exactly as `cmark-gfm` writes it; in a
/// loose one inside the item's first `<p>`, where `cmark-gfm` writes it just before.
enum TaskListItems {
    /// Rewrites the task list items of `document` (whose Markdown is `source`). `paragraphs`
    /// gives where the paragraphs made by the table pass start in the source.
    static func rewrite(
        in document: inout CmarkDocument, source: SourceText, paragraphs: [CmarkDocument.Node: Range<Int>]
    ) {
        var found: [(text: CmarkDocument.Node, isChecked: Bool)] = []
        var cursor = SourceText.LineCursor()
        document.walk { event, node in
            guard event == .enter, document.kind(node) == .item, let paragraph = document.firstChild(node),
                document.kind(paragraph) == .paragraph, let text = document.firstChild(paragraph),
                document.kind(text) == .text
            else { return }
            let span = document.span(paragraph)
            guard span.startColumn > 0 else { return }
            let start =
                paragraphs[paragraph]?.lowerBound ?? source.start(ofLine: span.startLine, &cursor) + span.startColumn
                - 1
            if let isChecked = mark(at: start, in: source), document.withLiteral(text, { startsWithMark($0) }) {
                found.append((text, isChecked))
            }
        }
        for item in found {
            let rest = document.literal(item.text).dropFirst(3).drop {
                $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t")
            }
            let checked = item.isChecked ? "checked=\"\" " : ""
            document.insertRawInline("<input type=\"checkbox\" \(checked)disabled=\"\" /> ", before: item.text)
            if rest.isEmpty {
                document.remove(item.text)
            } else {
                document.setText(item.text, rest)
            }
        }
    }

    /// Whether the source at `offset` is a task mark followed by a space or tab: nil when it is
    /// none, else whether it is checked.
    private static func mark(at offset: Int, in source: SourceText) -> Bool? {
        let bytes = source.bytes
        guard offset >= 0, offset + 4 <= bytes.count, bytes[offset] == UInt8(ascii: "["),
            bytes[offset + 2] == UInt8(ascii: "]"),
            bytes[offset + 3] == UInt8(ascii: " ") || bytes[offset + 3] == UInt8(ascii: "\t")
        else { return nil }
        switch bytes[offset + 1] {
        case UInt8(ascii: " "): return false
        case UInt8(ascii: "x"), UInt8(ascii: "X"): return true
        default: return nil
        }
    }

    /// Whether a text literal starts with `[ ]`, `[x]` or `[X]`.
    private static func startsWithMark(_ literal: UnsafeBufferPointer<UInt8>) -> Bool {
        literal.count >= 3 && literal[0] == UInt8(ascii: "[") && literal[2] == UInt8(ascii: "]")
            && " xX".utf8.contains(literal[1])
    }
}
