/// What the renderer asks of a parsed document's blocks, on top of its tree.
extension CmarkDocument {
    /// Whether `node` is the document's first block.
    func isFirstBlock(_ node: Node) -> Bool {
        firstChild(documentNode) == node
    }

    /// Whether the inline `node` is a child of a paragraph: not in a heading, a link or
    /// emphasis, so a block can take its place (`replaceInline(_:byBlock:)`).
    func isInParagraph(_ node: Node) -> Bool {
        parent(node).map { kind($0) == .paragraph } ?? false
    }

    /// The section the heading `heading` starts: the heading, then the siblings after it up
    /// to the next heading of the same or a higher level (a smaller number).
    func section(startingAt heading: Node) -> [Node] {
        let level = headingLevel(heading)
        var blocks = [heading]
        var sibling = next(heading)
        while let block = sibling, kind(block) != .heading || headingLevel(block) > level {
            blocks.append(block)
            sibling = next(block)
        }
        return blocks
    }

    /// Moves the children of `node` to the end of `parent`.
    mutating func moveChildren(of node: Node, to parent: Node) {
        while let child = firstChild(node) {
            move(child, into: parent)
        }
    }

    /// Every node of the trees under `roots`, roots included.
    func nodes(under roots: [Node]) -> Set<Node> {
        var nodes: Set<Node> = []
        for root in roots {
            walk(from: root) { event, node in
                if event == .enter { nodes.insert(node) }
            }
        }
        return nodes
    }
}

/// Lists rewritten as blocks, for the passes that write what cmark cannot: attributes of a
/// list or its items, or HTML right after an item's `<li>`.
extension CmarkDocument {
    /// Replaces `list` by blocks written as cmark writes it, starting with `start` (its
    /// `<ul>` or `<ol>`, attributes and all) and each item with `itemOpenings(item)` (its
    /// `<li>`, and anything after it). An item of a tight list still shows its paragraphs
    /// without `<p>`, on the line of its `<li>`.
    mutating func rewriteListAsBlocks(_ list: Node, start: String, itemOpenings: (Node) -> String) {
        let isTight = isTightList(list)
        let block = newBlock(onEnter: start, onExit: listTags(list).end)
        var next = firstChild(list)
        while let item = next {
            next = self.next(item)
            let opening = itemOpenings(item)
            guard let first = firstChild(item) else {
                _ = appendBlock(onEnter: opening + "</li>", onExit: "", to: block)
                continue
            }
            guard isTight else {
                moveChildren(of: item, to: appendBlock(onEnter: opening, onExit: "</li>", to: block))
                continue
            }
            let startsWithText = kind(first) == .paragraph
            let hasMore = self.next(first) != nil
            let element = appendBlock(
                onEnter: startsWithText ? "" : opening, onExit: startsWithText && !hasMore ? "" : "</li>", to: block)
            var child: Node? = first
            while let paragraph = child {
                child = self.next(paragraph)
                guard kind(paragraph) == .paragraph else { continue }
                let isFirst = paragraph == first
                replaceBlock(
                    paragraph, onEnter: isFirst ? opening : "", onExit: isFirst && !hasMore ? "</li>" : "")
            }
            moveChildren(of: item, to: element)
        }
        replace(list, by: block)
    }
}
