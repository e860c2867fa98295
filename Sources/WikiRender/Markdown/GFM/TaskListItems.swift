/// GFM's task list items: a list item whose paragraph is written starting `[ ]`, `[x]` or
/// `[X]` and a space or tab shows a disabled checkbox, checked for `[x]`, instead of that mark.
///
/// The mark is read in the source, where the item's paragraph starts (cmark's block position),
/// so an escaped `\[ ]` stays text; the paragraph's first text node must start with it too. As
/// in `cmark-gfm`, the line must start with the item's marker (`- `, `1. `) and then the mark:
/// an item in a block quote, or a second marker on the line (`- - [ ] a`), is no task. In
/// a tight list the checkbox goes where the mark was; a loose list is rewritten as blocks that
/// write the checkbox right after `<li>`, before the first `<p>`, as `cmark-gfm` does.
enum TaskListItems {
    /// The checkbox of a task done, labelled as GitHub labels it so that a screen reader names it.
    static let checkedBox = "<input type=\"checkbox\" checked=\"\" disabled=\"\" aria-label=\"Completed task\" /> "
    /// The checkbox of a task still to do.
    static let uncheckedBox = "<input type=\"checkbox\" disabled=\"\" aria-label=\"Incomplete task\" /> "

    /// Rewrites the task list items of `document` (whose Markdown is `source`). `paragraphs`
    /// gives where the paragraphs made by the table pass start in the source.
    static func rewrite(
        in document: inout CmarkDocument, source: SourceText, paragraphs: [CmarkDocument.Node: Range<Int>]
    ) {
        var found: [(item: CmarkDocument.Node, text: CmarkDocument.Node, isChecked: Bool)] = []
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
            if let isChecked = mark(at: start, in: source), followsItemMarker(start, in: source.bytes),
                document.withLiteral(text, { startsWithMark($0) })
            {
                found.append((node, text, isChecked))
            }
        }
        var looseLists: [CmarkDocument.Node] = []
        var seenLists: Set<CmarkDocument.Node> = []
        var checkboxes: [CmarkDocument.Node: String] = [:]
        for task in found {
            let rest = document.literal(task.text).dropFirst(3).drop {
                $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t")
            }
            let checkbox = task.isChecked ? Self.checkedBox : Self.uncheckedBox
            if let list = document.parent(task.item), !document.isTightList(list) {
                if seenLists.insert(list).inserted { looseLists.append(list) }
                checkboxes[task.item] = checkbox
            } else {
                document.insertRawInline(checkbox, before: task.text)
            }
            if rest.isEmpty {
                document.remove(task.text)
            } else {
                document.setText(task.text, rest)
            }
        }
        // cmark writes nothing between a loose item's `<li>` and its first `<p>`.
        for list in looseLists {
            document.rewriteListAsBlocks(list, start: document.listTags(list).start) { "<li>" + (checkboxes[$0] ?? "") }
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

    /// Whether the line holding `offset` starts with spaces, a list marker and spaces, and
    /// nothing else before `offset`.
    private static func followsItemMarker(_ offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var lineStart = offset
        while lineStart > 0, bytes[lineStart - 1] != UInt8(ascii: "\n"), bytes[lineStart - 1] != UInt8(ascii: "\r") {
            lineStart -= 1
        }
        let isBlank = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        var index = lineStart
        while index < offset, isBlank(bytes[index]) { index += 1 }
        guard index < offset else { return false }
        if "*+-".utf8.contains(bytes[index]) {
            index += 1
        } else {
            let digits = index
            while index < offset, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            guard index > digits, index < offset, bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: ")")
            else { return false }
            index += 1
        }
        let spaces = index
        while index < offset, isBlank(bytes[index]) { index += 1 }
        return index > spaces && index == offset
    }

    /// Whether a text literal starts with `[ ]`, `[x]` or `[X]`.
    private static func startsWithMark(_ literal: UnsafeBufferPointer<UInt8>) -> Bool {
        literal.count >= 3 && literal[0] == UInt8(ascii: "[") && literal[2] == UInt8(ascii: "]")
            && " xX".utf8.contains(literal[1])
    }
}
