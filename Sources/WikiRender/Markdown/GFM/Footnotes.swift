/// GFM's footnotes, written as `cmark-gfm` writes them.
///
/// A reference is numbered by the first use of its definition, in document order with the
/// definitions' texts where they were written; a definition nothing refers to is dropped, and
/// a reference to no definition stays text. Labels match without regard to case (the first
/// definition of a label wins). The notes go, in the order of their numbers, in a
/// `<section class="footnotes">` at the end, each followed by one back-reference (`↩`) per
/// reference to it. Every `id` starts with a prefix, so the notes of a page embedded in
/// another (`Transclusion`) keep ids of their own.
enum Footnotes {
    /// Numbers the references of `found` in `document`, writes them, and moves the notes they
    /// use to a section at the end of `document`; `idPrefix` starts each `id` and `href`.
    /// Returns the nodes of the notes it dropped, which no longer exist.
    @discardableResult
    static func write(
        _ found: FoundFootnotes, in document: inout CmarkDocument, idPrefix: String
    ) -> Set<CmarkDocument.Node> {
        guard !found.notes.isEmpty else { return [] }
        var byLabel: [String: Int] = [:]
        for (index, note) in found.notes.enumerated() where byLabel[normalized(note.label)] == nil {
            byLabel[normalized(note.label)] = index
        }
        var numbered: [Int] = []  // note indices, by number
        var numbers: [Int: Int] = [:]  // numbers, by note index
        var uses: [Int: Int] = [:]  // references so far, by note index
        var cuts: [(node: CmarkDocument.Node, references: [(FootnoteReference, html: String)])] = []
        document.walk { event, node in
            guard event == .enter, let references = found.references[node] else { return }
            var written: [(FootnoteReference, html: String)] = []
            for reference in references {
                guard let index = byLabel[normalized(reference.label)] else { continue }
                if uses[index] == nil {
                    numbered.append(index)
                    numbers[index] = numbered.count
                }
                let use = uses[index, default: 0] + 1
                uses[index] = use
                let id = escapedID(found.notes[index].label)
                written.append(
                    (
                        reference,
                        "<sup class=\"footnote-ref\"><a href=\"#\(idPrefix)fn-\(id)\" "
                            + "id=\"\(idPrefix)fnref-\(id)\(suffix(use))\" data-footnote-ref>\(numbers[index]!)</a></sup>"
                    ))
            }
            if !written.isEmpty { cuts.append((node, written)) }
        }
        for cut in cuts { replace(cut.references, in: cut.node, of: &document) }
        let section = document.appendBlock(
            onEnter: "<section class=\"footnotes\" data-footnotes>\n<ol>", onExit: "</ol>\n</section>",
            to: document.documentNode)
        // Every note leaves its place first: a note written inside another is no block of it.
        for index in numbered { document.move(found.notes[index].block, into: section) }
        // A note written inside another note nothing refers to goes with it.
        var dropped: Set<CmarkDocument.Node> = []
        for (index, note) in found.notes.enumerated() where numbers[index] == nil && !dropped.contains(note.block) {
            dropped.formUnion(document.nodes(under: [note.block]))
            document.remove(note.block)
        }
        for index in numbered {
            let note = found.notes[index]
            let id = idPrefix + "fnref-" + escapedID(note.label)
            document.setBlockHTML(
                note.block, onEnter: "<li id=\"\(idPrefix)fn-\(escapedID(note.label))\">", onExit: "</li>")
            let backReferences = (1...uses[index]!).map { backReference(to: id, use: $0) }.joined(separator: " ")
            if let last = document.lastChild(note.block), document.kind(last) == .paragraph {
                document.appendRawInline(" " + backReferences, to: last)
            } else {
                _ = document.appendBlock(onEnter: backReferences, onExit: "", to: note.block)
            }
        }
        if numbered.isEmpty { document.remove(section) }
        return dropped
    }

    /// The label as labels are compared: case folded (upper then lower case, so `ß` matches
    /// `SS` as `cmark-gfm`'s Unicode case folding has it).
    static func normalized(_ label: [UInt8]) -> String {
        String(decoding: label, as: UTF8.self).uppercased().lowercased()
    }

    /// `label` as `cmark-gfm` writes it in an `id` and an `href`: letters, digits and
    /// ``-_.+!*(),%#@?=;:/$~`` as they are, `&` and `'` as character references, every other
    /// byte percent-encoded. Nothing in it can end the attribute.
    static func escapedID(_ label: [UInt8]) -> String {
        var escaped = ""
        for byte in label {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"):
                escaped.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: "&"): escaped += "&amp;"
            case UInt8(ascii: "'"): escaped += "&#x27;"
            case _ where "-_.+!*(),%#@?=;:/$~".utf8.contains(byte): escaped.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let digits = Array("0123456789ABCDEF".unicodeScalars)
                escaped += "%"
                escaped.unicodeScalars.append(digits[Int(byte >> 4)])
                escaped.unicodeScalars.append(digits[Int(byte & 0xF)])
            }
        }
        return escaped
    }

    /// What follows an `id` for the `use`-th reference to a note: nothing for the first.
    private static func suffix(_ use: Int) -> String {
        use > 1 ? "-\(use)" : ""
    }

    /// The link back from a note to its `use`-th reference (whose first has the id `id`),
    /// numbered from the second on.
    private static func backReference(to id: String, use: Int) -> String {
        "<a href=\"#\(id)\(suffix(use))\" class=\"footnote-backref\" data-footnote-backref "
            + "aria-label=\"Back to content\">↩\(use > 1 ? "<sup class=\"footnote-ref\">\(use)</sup>" : "")</a>"
    }

    /// Replaces the text node `node` by its text around `references`, each written as its HTML.
    private static func replace(
        _ references: [(FootnoteReference, html: String)], in node: CmarkDocument.Node,
        of document: inout CmarkDocument
    ) {
        let literal = document.literal(node)
        var copied = 0
        for (reference, html) in references {
            if reference.range.lowerBound > copied {
                document.insertText(literal[copied..<reference.range.lowerBound], before: node)
            }
            document.insertRawInline(html, before: node)
            copied = reference.range.upperBound
        }
        if copied < literal.count { document.insertText(literal[copied...], before: node) }
        document.remove(node)
    }
}
