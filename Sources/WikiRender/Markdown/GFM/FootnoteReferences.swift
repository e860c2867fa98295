/// A footnote reference (`[^label]`) written in a text node.
struct FootnoteReference {
    /// Its bytes in the node's literal, brackets included.
    let range: Range<Int>
    /// The label, between `[^` and `]`.
    let label: [UInt8]
}

/// What a parse found of footnotes: the definitions' blocks, still where they were written,
/// and the references in the text nodes. `Footnotes` numbers and writes them once every text
/// of the page (its definitions' included) is parsed.
struct FoundFootnotes {
    /// A definition's label as written, and the custom block holding its blocks.
    struct Note {
        let label: [UInt8]
        let block: CmarkDocument.Node
    }

    /// The definitions, in document order.
    var notes: [Note] = []
    /// The references, by the text node holding them, in the order they are written.
    var references: [CmarkDocument.Node: [FootnoteReference]] = [:]

    /// Adds what was found in a definition's text.
    mutating func add(_ other: FoundFootnotes) {
        notes.append(contentsOf: other.notes)
        references.merge(other.references) { first, _ in first }
    }
}

/// Finds the footnote references of a document in its text nodes, as `cmark-gfm` reads them:
/// `[^`, a label of at most 1,000 bytes other than brackets and blanks, then `]`, none of the
/// marks escaped. Code, raw HTML and link destinations are not text nodes, and an autolink's
/// text is its address, so a `[^x]` there is never one.
enum FootnoteReferences {
    /// The longest label a reference has in `cmark-gfm`, in bytes.
    static let maximumLabelLength = 1000

    /// The references of `document` (whose Markdown is `source`); `cells` gives the source of
    /// the table cells.
    static func find(
        in document: borrowing CmarkDocument, source: inout SourceText, cells: [CmarkDocument.Node: Range<Int>]
    ) -> [CmarkDocument.Node: [FootnoteReference]] {
        let blocks = InlineBlocks.find(in: document, source: source, cells: cells, where: hasOpening)
        var references: [CmarkDocument.Node: [FootnoteReference]] = [:]
        for block in blocks {
            let escaped = InlineBlocks.escapedMarks(of: block, in: document, source: &source)
            for text in block.texts where !isAutolinkText(text, in: document) {
                let found = document.withLiteral(text) { literal in
                    hasOpening(literal) ? Self.references(in: literal, escaped: Set(escaped[text] ?? [])) : []
                }
                if !found.isEmpty { references[text] = found }
            }
        }
        return references
    }

    /// The references in `literal`, whose marks at the offsets `escaped` were escaped.
    static func references(in literal: UnsafeBufferPointer<UInt8>, escaped: Set<Int>) -> [FootnoteReference] {
        var references: [FootnoteReference] = []
        var index = 0
        while index + 3 < literal.count {
            guard literal[index] == UInt8(ascii: "["), literal[index + 1] == UInt8(ascii: "^"),
                !escaped.contains(index), !escaped.contains(index + 1)
            else {
                index += 1
                continue
            }
            var end = index + 2
            while end < literal.count, literal[end] != UInt8(ascii: "["),
                !FootnoteDefinitionStart.isLabelEnd(literal[end])
            {
                end += 1
            }
            let length = end - index - 2
            guard end < literal.count, literal[end] == UInt8(ascii: "]"), !escaped.contains(end), length > 0,
                length <= maximumLabelLength
            else {
                index += 1
                continue
            }
            references.append(FootnoteReference(range: index..<(end + 1), label: Array(literal[(index + 2)..<end])))
            index = end + 1
        }
        return references
    }

    /// Whether `text` is the text of an autolink (`<https://…>`, `www.…`, an address): its
    /// link's destination is the text itself, with a scheme before it or not.
    private static func isAutolinkText(_ text: CmarkDocument.Node, in document: borrowing CmarkDocument) -> Bool {
        guard let link = document.parent(text), document.kind(link) == .link, document.next(text) == nil,
            document.previous(text) == nil
        else { return false }
        let url = document.url(link)
        let literal = document.literal(text)
        return url.count >= literal.count && url.suffix(literal.count).elementsEqual(literal)
            && ["", "mailto:", "http://"].contains { url.count == literal.count + $0.utf8.count }
    }

    /// Whether `literal` has `[^`.
    private static func hasOpening(_ literal: UnsafeBufferPointer<UInt8>) -> Bool {
        FootnoteDefinitionStart.hasOpening(literal, 0..<literal.count)
    }
}
