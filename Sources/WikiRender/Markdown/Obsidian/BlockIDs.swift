/// Obsidian's block ids. A paragraph whose last line ends with a space and `^id` (ASCII
/// letters, digits and `-`), or whose last line is `^id` alone, gets the `id` attribute `^id`
/// and loses the marker; in a list item's first paragraph (or any paragraph of a tight list)
/// the item gets it. A paragraph that is only `^id`, right after a list, a block quote, a
/// table or a callout, gives that block the id and is dropped. `[[Page#^id]]` lands on it
/// (`WikilinkTarget.blockID`).
///
/// In two steps, as headings: `find` takes the markers off and says which block has which id,
/// `write` writes the ids (left out in an embedded text, whose ids would repeat the page's).
/// The marker is read in the tree and in the source: it must be the end of a text node and of
/// the block's source, so an escaped `\^id`, or one in code or raw HTML, is no marker. Ids are
/// unique in a page: the first block with an id keeps it, a later marker of the same id is
/// taken off and gives nothing.
enum BlockIDs {
    /// A block and the id it is given (without the `^`).
    struct Found {
        let node: CmarkDocument.Node
        let id: String
    }

    /// The blocks of `document` (whose Markdown is `source`; `cells` gives the source of the
    /// paragraphs the extensions made) with ids, in document order, their markers taken off.
    static func find(
        in document: inout CmarkDocument, source: SourceText, cells: [CmarkDocument.Node: Range<Int>]
    ) -> [Found] {
        var paragraphs: [CmarkDocument.Node] = []
        document.walk { event, node in
            if event == .enter, document.kind(node) == .paragraph, let last = document.lastChild(node),
                document.kind(last) == .text, document.withLiteral(last, { Self.marker(endingText: $0) != nil })
            {
                paragraphs.append(node)
            }
        }
        var found: [Found] = []
        var taken: Set<String> = []
        // A block keeps the first id that names it: a later marker for it is taken off, unused.
        var named: Set<CmarkDocument.Node> = []
        var cursor = SourceText.LineCursor()
        for paragraph in paragraphs {
            guard let text = document.lastChild(paragraph),
                let mark = document.withLiteral(text, { Self.marker(endingText: $0) }),
                endsWithMarker(sourceOf: paragraph, mark, in: document, source: source, cells: cells, &cursor),
                let target = take(mark, of: text, in: paragraph, from: &document)
            else { continue }
            guard !named.contains(target) else { continue }
            if taken.insert(mark.id).inserted {
                named.insert(target)
                found.append(Found(node: target, id: mark.id))
            }
        }
        return found
    }

    /// The id of a link's fragment when it names a block (`^id`), without the `^`; nil otherwise.
    static func id(inFragment fragment: String) -> String? {
        let bytes = Array(fragment.utf8)
        guard bytes.count > 1, bytes[0] == UInt8(ascii: "^"), bytes.dropFirst().allSatisfy(isIDByte) else {
            return nil
        }
        return String(decoding: bytes.dropFirst(), as: UTF8.self)
    }

    /// The `id` attribute's value (and so the link fragment) of the block id `id`: `^id`.
    static func attribute(_ id: String) -> String {
        "^" + id
    }

    // MARK: Markers

    /// A marker at the end of a text node's literal.
    struct Marker {
        let id: String
        /// Whether the marker, without a blank before it, is the whole literal (a line of its
        /// own or a block of its own).
        let isWholeText: Bool
        /// How many bytes of the literal the marker and the blanks before it take.
        let length: Int
    }

    /// The marker `^id` that ends `literal`, after a blank or as the whole literal.
    static func marker(endingText literal: UnsafeBufferPointer<UInt8>) -> Marker? {
        var start = literal.count
        while start > 0, isIDByte(literal[start - 1]) { start -= 1 }
        guard start < literal.count, start > 0, literal[start - 1] == UInt8(ascii: "^") else { return nil }
        let id = String(decoding: literal[start...], as: UTF8.self)
        var blank = start - 1
        guard blank > 0 else { return Marker(id: id, isWholeText: true, length: literal.count) }
        guard isBlank(literal[blank - 1]) else { return nil }
        while blank > 0, isBlank(literal[blank - 1]) { blank -= 1 }
        return Marker(id: id, isWholeText: false, length: literal.count - blank)
    }

    /// Whether the source of `paragraph` ends with `marker`'s `^id`, after a blank, a line
    /// start or a block quote's `>`: the text's last bytes were written as they read.
    private static func endsWithMarker(
        sourceOf paragraph: CmarkDocument.Node, _ marker: Marker, in document: borrowing CmarkDocument,
        source: SourceText, cells: [CmarkDocument.Node: Range<Int>], _ cursor: inout SourceText.LineCursor
    ) -> Bool {
        let range: Range<Int>
        if let cell = cells[paragraph] {
            range = cell
        } else {
            let span = document.span(paragraph)
            guard span.startLine > 0 else { return false }
            let start = source.start(ofLine: span.startLine, &cursor)
            range = start..<max(start, source.start(ofLine: span.endLine + 1, &cursor))
        }
        let bytes = source.bytes
        var end = range.upperBound
        while end > range.lowerBound, isBlank(bytes[end - 1]) || isLineEnd(bytes[end - 1]) { end -= 1 }
        let written = Array(("^" + marker.id).utf8)
        guard end - range.lowerBound >= written.count,
            bytes[(end - written.count)..<end].elementsEqual(written)
        else { return false }
        let before = end - written.count - 1
        guard before >= 0 else { return true }
        return isBlank(bytes[before]) || isLineEnd(bytes[before]) || bytes[before] == UInt8(ascii: ">")
    }

    /// Takes `marker` off the text `text`, the last inline of `paragraph`, and returns the
    /// block that gets its id; nil (nothing changed) when the marker belongs to no block.
    private static func take(
        _ marker: Marker, of text: CmarkDocument.Node, in paragraph: CmarkDocument.Node,
        from document: inout CmarkDocument
    ) -> CmarkDocument.Node? {
        let before = document.previous(text)
        guard before != nil || !marker.isWholeText else {
            // A paragraph of its own: the id of the block before it.
            guard let block = document.previous(paragraph), isOwnLineTarget(block, in: document) else { return nil }
            document.remove(paragraph)
            return block
        }
        if marker.isWholeText {
            guard let before, [.softBreak, .lineBreak].contains(document.kind(before)) else { return nil }
            document.remove(text)
            document.remove(before)
        } else {
            let literal = document.literal(text)
            if literal.count == marker.length {
                document.remove(text)
            } else {
                document.setText(text, literal.dropLast(marker.length))
            }
        }
        return owner(of: paragraph, in: document)
    }

    /// The block a marker at the end of `paragraph` names: the paragraph, or the list item
    /// it starts (or is in, in a tight list).
    private static func owner(of paragraph: CmarkDocument.Node, in document: borrowing CmarkDocument)
        -> CmarkDocument.Node
    {
        guard let item = document.parent(paragraph), document.kind(item) == .item else { return paragraph }
        if document.firstChild(item) == paragraph { return item }
        if let list = document.parent(item), document.isTightList(list) { return item }
        return paragraph
    }

    /// Whether `block` takes the id of a `^id` paragraph after it: a list, a block quote, or a
    /// table or callout (the blocks the extensions made).
    private static func isOwnLineTarget(_ block: CmarkDocument.Node, in document: borrowing CmarkDocument) -> Bool {
        switch document.kind(block) {
        case .list, .blockQuote: true
        case .customBlock: BlockIDWriter.openingTagEnd(document.blockOnEnter(block)) != nil
        default: false
        }
    }

    static func isIDByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"):
            true
        default: false
        }
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }

    private static func isLineEnd(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
    }
}
