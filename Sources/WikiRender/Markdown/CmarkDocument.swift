import CCmark

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// One Markdown text parsed by cmark: the only place that calls cmark's C API.
///
/// The document's nodes and strings are in its `CmarkArena`, from the parse to the rendering,
/// and are freed with it when it goes away. Everything else sees nodes as opaque `Node`
/// handles that are valid while the document lives and the node is still in its tree. Reading methods never change the
/// tree; the `mutating` ones edit it, so Swift's exclusivity rules keep a `walk` and an edit
/// from overlapping.
struct CmarkDocument: ~Copyable {
    /// A node of the tree.
    struct Node: Hashable {
        fileprivate let pointer: OpaquePointer
    }

    /// The kinds of node the renderer tells apart.
    enum Kind {
        case paragraph, heading, text, code, softBreak, lineBreak, htmlInline, link, image, customInline
        case list, item, blockQuote, customBlock
        case codeBlock, htmlBlock, thematicBreak
        case other
    }

    /// Where a walk is: entering a node, or leaving one that can have children.
    enum Event {
        case enter, exit
    }

    /// A node's position in the source as cmark reports it: 1-based lines, 1-based byte
    /// columns, 0 when unknown. Inline positions are only reliable relative to each other on
    /// the same line (see `SourceText`).
    struct Span {
        let startLine: Int
        let startColumn: Int
        let endLine: Int
        let endColumn: Int
    }

    private let root: OpaquePointer
    /// Where cmark allocates this document's nodes and strings. A node moves only between
    /// documents of the same arena: another arena goes with its document.
    let arena: CmarkArena

    /// Parses `markdown` (all of it: a NUL byte becomes U+FFFD instead of ending the text) in
    /// `arena`: a new one, or that of the document its nodes are to move to.
    init(parsing markdown: UnsafeBufferPointer<UInt8>, in arena: CmarkArena = CmarkArena()) {
        let parsed: OpaquePointer? = arena.withCurrent {
            guard let parser = cmark_parser_new_with_mem(CMARK_OPT_DEFAULT, arena.mem) else { return nil }
            defer { cmark_parser_free(parser) }
            markdown.withMemoryRebound(to: CChar.self) { characters in
                if let base = characters.baseAddress { cmark_parser_feed(parser, base, characters.count) }
            }
            return cmark_parser_finish(parser)
        }
        guard let parsed else { fatalError("cmark could not allocate a document") }
        root = parsed
        self.arena = arena
    }

    // MARK: Reading

    /// Calls `visit` for every node of the tree in document order, iteratively (any depth).
    func walk(_ visit: (Event, Node) -> Void) {
        walk(from: Node(pointer: root), visit)
    }

    /// Calls `visit` for `node` and every node under it, in document order.
    func walk(from node: Node, _ visit: (Event, Node) -> Void) {
        guard let iterator = arena.withCurrent({ cmark_iter_new(node.pointer) }) else { return }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { return }
            guard let current = cmark_iter_get_node(iterator) else { return }
            visit(event == CMARK_EVENT_EXIT ? .exit : .enter, Node(pointer: current))
        }
    }

    func kind(_ node: Node) -> Kind {
        switch cmark_node_get_type(node.pointer) {
        case CMARK_NODE_PARAGRAPH: .paragraph
        case CMARK_NODE_HEADING: .heading
        case CMARK_NODE_TEXT: .text
        case CMARK_NODE_CODE: .code
        case CMARK_NODE_SOFTBREAK: .softBreak
        case CMARK_NODE_LINEBREAK: .lineBreak
        case CMARK_NODE_HTML_INLINE: .htmlInline
        case CMARK_NODE_LINK: .link
        case CMARK_NODE_IMAGE: .image
        case CMARK_NODE_CUSTOM_INLINE: .customInline
        case CMARK_NODE_LIST: .list
        case CMARK_NODE_ITEM: .item
        case CMARK_NODE_BLOCK_QUOTE: .blockQuote
        case CMARK_NODE_CUSTOM_BLOCK: .customBlock
        case CMARK_NODE_CODE_BLOCK: .codeBlock
        case CMARK_NODE_HTML_BLOCK: .htmlBlock
        case CMARK_NODE_THEMATIC_BREAK: .thematicBreak
        default: .other
        }
    }

    /// Calls `body` with the node's literal (text, code, HTML) as bytes, empty when it has none.
    /// The bytes are valid only inside `body`.
    func withLiteral<Result>(_ node: Node, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        guard let literal = cmark_node_get_literal(node.pointer) else {
            return body(UnsafeBufferPointer(start: nil, count: 0))
        }
        return literal.withMemoryRebound(to: UInt8.self, capacity: 1) { bytes in
            body(UnsafeBufferPointer(start: bytes, count: strlen(literal)))
        }
    }

    /// The node's literal, copied.
    func literal(_ node: Node) -> [UInt8] {
        withLiteral(node) { Array($0) }
    }

    func span(_ node: Node) -> Span {
        Span(
            startLine: Int(cmark_node_get_start_line(node.pointer)),
            startColumn: Int(cmark_node_get_start_column(node.pointer)),
            endLine: Int(cmark_node_get_end_line(node.pointer)),
            endColumn: Int(cmark_node_get_end_column(node.pointer)))
    }

    /// The destination of the link or image `node`, as cmark keeps it (not yet escaped).
    func url(_ node: Node) -> [UInt8] {
        guard let url = cmark_node_get_url(node.pointer) else { return [] }
        return url.withMemoryRebound(to: UInt8.self, capacity: 1) {
            Array(UnsafeBufferPointer(start: $0, count: strlen(url)))
        }
    }

    func headingLevel(_ node: Node) -> Int {
        Int(cmark_node_get_heading_level(node.pointer))
    }

    /// Whether the list `node` is tight: its items' paragraphs are written without `<p>`.
    func isTightList(_ node: Node) -> Bool {
        cmark_node_get_list_tight(node.pointer) != 0
    }

    /// The tags cmark writes around the list `node`: `<ul>`, `<ol>` or `<ol start="N">`.
    func listTags(_ node: Node) -> (start: String, end: String) {
        guard cmark_node_get_list_type(node.pointer) == CMARK_ORDERED_LIST else { return ("<ul>", "</ul>") }
        let start = cmark_node_get_list_start(node.pointer)
        return (start == 1 ? "<ol>" : "<ol start=\"\(start)\">", "</ol>")
    }

    /// The document node, parent of the top-level blocks.
    var documentNode: Node {
        Node(pointer: root)
    }

    func previous(_ node: Node) -> Node? {
        cmark_node_previous(node.pointer).map(Node.init)
    }

    func next(_ node: Node) -> Node? {
        cmark_node_next(node.pointer).map(Node.init)
    }

    func firstChild(_ node: Node) -> Node? {
        cmark_node_first_child(node.pointer).map(Node.init)
    }

    func lastChild(_ node: Node) -> Node? {
        cmark_node_last_child(node.pointer).map(Node.init)
    }

    func parent(_ node: Node) -> Node? {
        cmark_node_parent(node.pointer).map(Node.init)
    }

    /// Whether the link `node` is an autolink (`<https://…>`, `<me@example.com>`): its one
    /// text is its URL as written, which no extension reads as Markdown.
    func isAutolink(_ node: Node) -> Bool {
        guard let url = cmark_node_get_url(node.pointer), let text = firstChild(node), next(text) == nil,
            kind(text) == .text
        else { return false }
        let destination = Array(UnsafeBufferPointer(start: url, count: strlen(url))).map { UInt8(bitPattern: $0) }
        return withLiteral(text) { literal in
            destination.elementsEqual(literal) || destination.elementsEqual(Array("mailto:".utf8) + literal)
        }
    }

    // MARK: Editing

    /// Inserts a new text node holding `literal` (which has no NUL byte) before `sibling`.
    mutating func insertText(_ literal: some Sequence<UInt8>, before sibling: Node) {
        let text = newNode(CMARK_NODE_TEXT)
        setLiteral(text, literal)
        insert(text, before: sibling)
    }

    /// Inserts, before `sibling`, an inline node written as `onEnter`, then a text node
    /// holding `label` (escaped by cmark), then `onExit`, and returns it. Neither string may
    /// contain NUL.
    @discardableResult
    mutating func insertCustomInline(
        onEnter: String, label: some Sequence<UInt8>, onExit: String, before sibling: Node
    ) -> Node {
        let inline = newCustomNode(CMARK_NODE_CUSTOM_INLINE, onEnter: onEnter, onExit: onExit)
        // Inserted while empty: cmark checks a node with children against every ancestor of
        // where it goes, which would cost the nesting depth for every link.
        insert(inline, before: sibling)
        let text = newNode(CMARK_NODE_TEXT)
        setLiteral(text, label)
        append(text, to: inline)
        return inline
    }

    /// Inserts, before `sibling`, an inline node written as `html` (which has no NUL byte).
    mutating func insertRawInline(_ html: String, before sibling: Node) {
        insert(newCustomNode(CMARK_NODE_CUSTOM_INLINE, onEnter: html, onExit: ""), before: sibling)
    }

    /// Puts a block written as `html` (which has no NUL byte) where the inline `node`, a child
    /// of a paragraph (`isInParagraph`), is, and removes `node`: the paragraph is cut in two
    /// around it, the line breaks at the cut and an empty half dropped.
    mutating func replaceInline(_ node: Node, byBlock html: String) {
        guard let paragraph = parent(node), kind(paragraph) == .paragraph else {
            preconditionFailure("a block can only replace an inline of a paragraph")
        }
        let block = newCustomNode(CMARK_NODE_CUSTOM_BLOCK, onEnter: html, onExit: "")
        let after = newNode(CMARK_NODE_PARAGRAPH)
        while let moved = next(node) {
            append(moved, to: after)
        }
        remove(node)
        guard cmark_node_insert_after(paragraph.pointer, block.pointer) != 0,
            cmark_node_insert_after(block.pointer, after.pointer) != 0
        else { fatalError("cmark refused to insert a block") }
        while let last = cmark_node_last_child(paragraph.pointer).map(Node.init), trimBlank(last, at: .end) {
            remove(last)
        }
        while let first = firstChild(after), trimBlank(first, at: .start) {
            remove(first)
        }
        for half in [paragraph, after] where firstChild(half) == nil {
            remove(half)
        }
    }

    /// Makes `blocks` (siblings, in order) the whole document: everything else is freed.
    mutating func keepOnly(_ blocks: [Node]) {
        for block in blocks {
            cmark_node_unlink(block.pointer)
        }
        while let child = firstChild(Node(pointer: root)) {
            remove(child)
        }
        for block in blocks {
            append(block, to: Node(pointer: root))
        }
    }

    /// Replaces the block `node` by a block that renders its inline children between
    /// `onEnter` and `onExit` on lines of their own, as cmark renders a heading.
    ///
    /// The new nodes are put together before they go into the tree, so cmark checks them
    /// against the block's ancestors once, not once for every child.
    mutating func replaceBlock(_ node: Node, onEnter: String, onExit: String) {
        let block = newNode(CMARK_NODE_CUSTOM_BLOCK)
        let inline = newCustomNode(CMARK_NODE_CUSTOM_INLINE, onEnter: onEnter, onExit: onExit)
        while let child = firstChild(node) {
            append(child, to: inline)
        }
        append(inline, to: block)
        guard cmark_node_replace(node.pointer, block.pointer) != 0 else {
            fatalError("cmark refused to replace a block")
        }
    }

    /// Makes `url` (which has no NUL byte) the destination of the link `node`.
    mutating func setURL(_ node: Node, _ url: String) {
        arena.withCurrent { _ = url.withCString { cmark_node_set_url(node.pointer, $0) } }
    }

    /// Inserts, before `sibling`, a link to `url` (which has no NUL byte) around a text node
    /// holding `label`. cmark writes it, so safe mode drops a dangerous URL as it does any link's.
    @discardableResult
    mutating func insertLink(to url: String, label: some Sequence<UInt8>, before sibling: Node) -> Node {
        let link = newNode(CMARK_NODE_LINK)
        arena.withCurrent { _ = url.withCString { cmark_node_set_url(link.pointer, $0) } }
        insert(link, before: sibling)
        let text = newNode(CMARK_NODE_TEXT)
        setLiteral(text, label)
        append(text, to: link)
        return link
    }

    /// Appends to `parent` a block written as `onEnter`, its children, then `onExit`, each on
    /// lines of its own, and returns it. Neither string may contain NUL.
    mutating func appendBlock(onEnter: String, onExit: String, to parent: Node) -> Node {
        let block = newCustomNode(CMARK_NODE_CUSTOM_BLOCK, onEnter: onEnter, onExit: onExit)
        append(block, to: parent)
        return block
    }

    /// What the custom block `node` is written as before its children.
    func blockOnEnter(_ node: Node) -> String {
        cmark_node_get_on_enter(node.pointer).map { String(cString: $0) } ?? ""
    }

    /// What the custom block `node` is written as after its children.
    func blockOnExit(_ node: Node) -> String {
        cmark_node_get_on_exit(node.pointer).map { String(cString: $0) } ?? ""
    }

    /// Makes the custom block `node` written as `onEnter`, its children, then `onExit`.
    mutating func setBlockHTML(_ node: Node, onEnter: String, onExit: String) {
        setHTML(node, onEnter: onEnter, onExit: onExit)
    }

    /// Appends to `parent` (a custom block or a paragraph) an inline node written as `html`
    /// (no NUL byte).
    mutating func appendRawInline(_ html: String, to parent: Node) {
        append(newCustomNode(CMARK_NODE_CUSTOM_INLINE, onEnter: html, onExit: ""), to: parent)
    }

    /// Appends to `parent` a new text node holding `literal` (which has no NUL byte).
    mutating func appendText(_ literal: some Sequence<UInt8>, to parent: Node) {
        let text = newNode(CMARK_NODE_TEXT)
        setLiteral(text, literal)
        append(text, to: parent)
    }

    /// A custom block, outside the tree, for `insert(_:before:)` once its children are in.
    mutating func newBlock(onEnter: String, onExit: String) -> Node {
        newCustomNode(CMARK_NODE_CUSTOM_BLOCK, onEnter: onEnter, onExit: onExit)
    }

    /// Moves the block `node`, outside the tree or in it, to the end of `parent`.
    mutating func move(_ node: Node, into parent: Node) {
        cmark_node_unlink(node.pointer)
        append(node, to: parent)
    }

    /// Moves the block `node`, outside the tree or in it, before `sibling`.
    mutating func move(_ node: Node, before sibling: Node) {
        cmark_node_unlink(node.pointer)
        insert(node, before: sibling)
    }

    /// Moves the block `node`, outside the tree or in it, after `sibling`.
    mutating func move(_ node: Node, after sibling: Node) {
        cmark_node_unlink(node.pointer)
        guard cmark_node_insert_after(sibling.pointer, node.pointer) != 0 else {
            fatalError("cmark refused to insert a block")
        }
    }

    /// Puts `block` (outside the tree) where `node` is, and drops `node` and what is left under it.
    mutating func replace(_ node: Node, by block: Node) {
        guard cmark_node_replace(node.pointer, block.pointer) != 0 else {
            fatalError("cmark refused to replace a block")
        }
    }

    /// Moves the children of `node`, a node of `other`, to the end of `parent`. `other` was
    /// parsed in this document's arena, which holds the children once `other` is gone.
    mutating func adoptChildren(of node: Node, from other: inout CmarkDocument, to parent: Node) {
        precondition(other.arena === arena, "nodes move only between documents of one arena")
        while let child = other.firstChild(node) {
            cmark_node_unlink(child.pointer)
            append(child, to: parent)
        }
    }

    /// Makes `literal` (which has no NUL byte) the literal of the text node `node`.
    mutating func setText(_ node: Node, _ literal: some Sequence<UInt8>) {
        setLiteral(node, literal)
    }

    /// Takes `node` (and everything under it) out of the tree, for good: its memory goes with
    /// the arena.
    mutating func remove(_ node: Node) {
        cmark_node_unlink(node.pointer)
    }

    // MARK: Rendering

    /// The document as HTML. Without `allowRawHTML`, raw HTML left in the tree is replaced by a comment and
    /// `javascript:`, `vbscript:`, `file:` and (non-image) `data:` URLs are dropped.
    ///
    /// A code block's `<pre>` takes keyboard focus (`tabindex="0"`, as GitHub writes it): a
    /// wide one scrolls sideways, and a region that scrolls must be reachable without a mouse.
    func html(allowRawHTML: Bool) -> String {
        arena.withCurrent {
            // cmark allocates the HTML with the root's allocator: in the arena.
            guard let html = cmark_render_html(root, allowRawHTML ? CMARK_OPT_UNSAFE : CMARK_OPT_DEFAULT)
            else { fatalError("cmark could not allocate the HTML") }
            defer { arena.mem.pointee.free(html) }
            return html.withMemoryRebound(to: UInt8.self, capacity: 1) { bytes in
                Self.focusingCodeBlocks(UnsafeBufferPointer(start: bytes, count: strlen(html)))
            }
        }
    }

    // MARK: Private

    /// Which end of an inline `trimBlank(_:at:)` trims.
    private enum InlineEnd {
        case start, end
    }

    /// Removes the spaces and tabs at `end` of `node` when it is a text, and returns whether
    /// nothing is left of it: it is a line break, or a text of spaces and tabs only (left as it
    /// is, for the caller to remove).
    private mutating func trimBlank(_ node: Node, at end: InlineEnd) -> Bool {
        switch kind(node) {
        case .softBreak, .lineBreak:
            return true
        case .text:
            let literal = literal(node)
            let isBlank = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
            let trimmed =
                end == .end
                ? Array(literal.reversed().drop(while: isBlank).reversed()) : Array(literal.drop(while: isBlank))
            if trimmed.count != literal.count, !trimmed.isEmpty { setLiteral(node, trimmed) }
            return trimmed.isEmpty
        default:
            return false
        }
    }

    private func newNode(_ type: cmark_node_type) -> Node {
        guard let node = arena.withCurrent({ cmark_node_new_with_mem(type, arena.mem) }) else {
            fatalError("cmark could not allocate a node")
        }
        return Node(pointer: node)
    }

    private func newCustomNode(_ type: cmark_node_type, onEnter: String, onExit: String) -> Node {
        let node = newNode(type)
        setHTML(node, onEnter: onEnter, onExit: onExit)
        return node
    }

    private func setHTML(_ node: Node, onEnter: String, onExit: String) {
        arena.withCurrent {
            // `withCString` (not the implicit conversion) keeps small strings off the heap.
            _ = onEnter.withCString { cmark_node_set_on_enter(node.pointer, $0) }
            _ = onExit.withCString { cmark_node_set_on_exit(node.pointer, $0) }
        }
    }

    private func setLiteral(_ node: Node, _ literal: some Sequence<UInt8>) {
        var bytes = Array(literal)
        bytes.append(0)
        bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { characters in
                arena.withCurrent { _ = cmark_node_set_literal(node.pointer, characters.baseAddress) }
            }
        }
    }

    private func insert(_ node: Node, before sibling: Node) {
        guard cmark_node_insert_before(sibling.pointer, node.pointer) != 0 else {
            fatalError("cmark refused to insert an inline node")
        }
    }

    /// Moves `child`, in the tree or outside it, to the end of `parent`'s children.
    mutating func append(_ child: Node, to parent: Node) {
        guard cmark_node_append_child(parent.pointer, child.pointer) != 0 else {
            fatalError("cmark refused to append a child node")
        }
    }
}
