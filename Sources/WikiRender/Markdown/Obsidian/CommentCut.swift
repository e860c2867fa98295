/// What the comments of a document take out of it: bytes of texts, whole inlines and whole
/// blocks. Gathered first and applied at once, so no node is edited after it is freed.
struct CommentCut {
    /// The byte ranges cut out of each text node.
    private var cuts: [CmarkDocument.Node: [Range<Int>]] = [:]
    /// The nodes removed with everything under them.
    private var removed: Set<CmarkDocument.Node> = []
    /// The paragraphs and headings a comment is written in: trimmed, and a paragraph with
    /// nothing left removed.
    private var touched: Set<CmarkDocument.Node> = []

    /// Takes out the comment from `opener` to the end of `closer`.
    mutating func add(from opener: CommentMark, to closer: CommentMark, in document: borrowing CmarkDocument) {
        let end = closer.offset + 2
        for block in [opener.block, closer.block] {
            if let block { touched.insert(block) }
        }
        if opener.text == closer.text {
            cuts[opener.text, default: []].append(opener.offset..<end)
            return
        }
        cuts[opener.text, default: []].append(opener.offset..<Int.max)
        cuts[closer.text, default: []].append(0..<end)
        if let first = opener.block, let last = closer.block, first != last {
            removeSiblings(after: opener.text, upTo: nil, in: document)
            removeBlocks(after: first, before: last, in: document)
            removeSiblings(before: closer.text, in: document)
        } else {
            removeSiblings(after: opener.text, upTo: closer.text, in: document)
        }
    }

    /// Edits `document`: cuts the texts, then frees the removed nodes, innermost first, then
    /// removes the paragraphs left empty.
    func apply(to document: inout CmarkDocument) {
        for (text, ranges) in cuts where !removed.contains(text) {
            Self.cut(ranges, from: text, in: &document)
        }
        var ordered: [CmarkDocument.Node] = []
        if !removed.isEmpty {
            document.walk { event, node in
                if event == .enter, removed.contains(node) { ordered.append(node) }
            }
        }
        let kept = touched.filter { !isRemoved($0, in: document) }
        for node in ordered.reversed() { document.remove(node) }
        for block in kept { Self.trim(block, in: &document) }
    }

    /// Replaces the text `text` by a text for each part of it outside `ranges`: each is a run
    /// of the source, so later passes still find where it was written.
    private static func cut(_ ranges: [Range<Int>], from text: CmarkDocument.Node, in document: inout CmarkDocument) {
        let literal = document.literal(text)
        var copied = 0
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) where range.lowerBound >= copied {
            if range.lowerBound > copied { document.insertText(literal[copied..<range.lowerBound], before: text) }
            copied = min(literal.count, range.upperBound)
        }
        if copied < literal.count { document.insertText(literal[copied...], before: text) }
        document.remove(text)
    }

    /// Whether `node` or one of its ancestors is removed.
    private func isRemoved(_ node: CmarkDocument.Node, in document: borrowing CmarkDocument) -> Bool {
        var current: CmarkDocument.Node? = node
        while let ancestor = current {
            if removed.contains(ancestor) { return true }
            current = document.parent(ancestor)
        }
        return false
    }

    /// Removes every block after `first` and before `last` in document order, whatever
    /// containers they are in: the siblings after `first` and after each of its ancestors, up
    /// to the ancestor that holds both; the children of that ancestor between the two; and the
    /// siblings before `last` and each of its ancestors below it.
    private mutating func removeBlocks(
        after first: CmarkDocument.Node, before last: CmarkDocument.Node, in document: borrowing CmarkDocument
    ) {
        let firstPath = Self.path(from: first, in: document)
        let lastPath = Self.path(from: last, in: document)
        let firstAncestors = Set(firstPath)
        guard let common = lastPath.firstIndex(where: { firstAncestors.contains($0) }), common > 0,
            let firstTop = firstPath.firstIndex(of: lastPath[common]), firstTop > 0
        else { return }
        for node in firstPath[..<(firstTop - 1)] {
            removeSiblings(after: node, upTo: nil, in: document)
        }
        removeSiblings(after: firstPath[firstTop - 1], upTo: lastPath[common - 1], in: document)
        for node in lastPath[..<(common - 1)] {
            removeSiblings(before: node, in: document)
        }
    }

    /// `node`, then its parent, then its parent's parent, up to the document.
    private static func path(from node: CmarkDocument.Node, in document: borrowing CmarkDocument) -> [CmarkDocument
        .Node]
    {
        var path = [node]
        while let parent = document.parent(path[path.count - 1]) { path.append(parent) }
        return path
    }

    private mutating func removeSiblings(
        after node: CmarkDocument.Node, upTo end: CmarkDocument.Node?, in document: borrowing CmarkDocument
    ) {
        var sibling = document.next(node)
        while let current = sibling, current != end {
            removed.insert(current)
            sibling = document.next(current)
        }
    }

    private mutating func removeSiblings(before node: CmarkDocument.Node, in document: borrowing CmarkDocument) {
        var sibling = document.previous(node)
        while let current = sibling {
            removed.insert(current)
            sibling = document.previous(current)
        }
    }

    /// Removes the line breaks and blanks at both ends of the paragraph or heading `block`;
    /// a paragraph with nothing else is removed, and so are the list items, lists and quotes
    /// it leaves empty.
    private static func trim(_ block: CmarkDocument.Node, in document: inout CmarkDocument) {
        var blanks: [CmarkDocument.Node] = []
        var node = document.firstChild(block)
        while let current = node, isBlank(current, in: document) {
            blanks.append(current)
            node = document.next(current)
        }
        guard let first = node else {
            if document.kind(block) == .paragraph { removeEmptied(block, in: &document) }
            return
        }
        var last = first
        while let next = document.next(last) { last = next }
        while isBlank(last, in: document), let previous = document.previous(last) {
            blanks.append(last)
            last = previous
        }
        for blank in blanks { document.remove(blank) }
        trimBlanks(of: first, fromStart: true, in: &document)
        trimBlanks(of: last, fromStart: false, in: &document)
    }

    /// Removes `block`, then each container it leaves without children.
    private static func removeEmptied(_ block: CmarkDocument.Node, in document: inout CmarkDocument) {
        var parent = document.parent(block)
        document.remove(block)
        while let container = parent, [.item, .list, .blockQuote].contains(document.kind(container)),
            document.firstChild(container) == nil
        {
            parent = document.parent(container)
            document.remove(container)
        }
    }

    /// Takes the spaces and tabs off one end of `node` when it is a text.
    private static func trimBlanks(of node: CmarkDocument.Node, fromStart: Bool, in document: inout CmarkDocument) {
        guard document.kind(node) == .text else { return }
        let literal = document.literal(node)
        let isBlank = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        let trimmed = fromStart ? literal.drop(while: isBlank) : literal.reversed().drop(while: isBlank).reversed()[...]
        if trimmed.count != literal.count { document.setText(node, trimmed) }
    }

    private static func isBlank(_ node: CmarkDocument.Node, in document: borrowing CmarkDocument) -> Bool {
        switch document.kind(node) {
        case .softBreak, .lineBreak: true
        case .text: document.withLiteral(node) { $0.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") } }
        default: false
        }
    }
}
