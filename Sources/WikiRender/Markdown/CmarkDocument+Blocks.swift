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
