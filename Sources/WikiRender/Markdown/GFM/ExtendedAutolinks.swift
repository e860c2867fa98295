/// GFM's extended autolinks: `www.example.com`, `https://example.com/x` and
/// `someone@example.com` in text become links, as `AutolinkScanner` finds them.
///
/// Only text nodes are read, outside links and images, so nothing in code, raw HTML or a
/// link changes. As GitHub does, no `www.` or URL link starts after a `[` that no `]` has
/// closed yet (`[[www.example.com]]` stays a wikilink); e-mail addresses have no such rule.
/// The new nodes are cmark links, so safe mode treats their URLs as it treats any link's.
enum ExtendedAutolinks {
    /// Rewrites the autolinks of `document` (whose Markdown is `source`) and returns the links.
    static func rewrite(
        in document: inout CmarkDocument, source: inout SourceText, cells: [CmarkDocument.Node: Range<Int>]
    ) -> Set<CmarkDocument.Node> {
        var made: Set<CmarkDocument.Node> = []
        let blocks = InlineBlocks.find(in: document, source: source, cells: cells, where: mayHoldLink)
        for block in blocks {
            let escaped = InlineBlocks.escapedMarks(of: block, in: document, source: &source)
            for (node, links) in links(in: block, of: document, escaped: escaped) {
                write(links, replacing: node, in: &document, made: &made)
            }
        }
        return made
    }

    /// Whether a text node's `literal` may hold an extended autolink (`AutolinkScanner`): `www.`,
    /// `://` after `http`, `https` or `ftp` in any case, or an `@` after a byte an address or its
    /// `mailto:` may end with. A `dendron://` or an `@` that starts a word holds none.
    private static func mayHoldLink(_ literal: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index + 2 < literal.count {
            switch literal[index] {
            case UInt8(ascii: "@"):
                if index > 0, mayEndAddress(literal[index - 1]) { return true }
            case UInt8(ascii: ":"):
                if literal[index + 1] == UInt8(ascii: "/"), literal[index + 2] == UInt8(ascii: "/"),
                    hasScheme(before: index, in: literal)
                {
                    return true
                }
            case UInt8(ascii: "w"):
                if index + 3 < literal.count, literal[index + 1] == UInt8(ascii: "w"),
                    literal[index + 2] == UInt8(ascii: "w"), literal[index + 3] == UInt8(ascii: ".")
                {
                    return true
                }
            default:
                break
            }
            index += 1
        }
        // The last two bytes: only an address's `@` fits there.
        while index < literal.count {
            if literal[index] == UInt8(ascii: "@"), index > 0, mayEndAddress(literal[index - 1]) { return true }
            index += 1
        }
        return false
    }

    /// Whether the bytes before `colon` end with `http`, `https` or `ftp`, in any case.
    private static func hasScheme(before colon: Int, in literal: UnsafeBufferPointer<UInt8>) -> Bool {
        ["http", "https", "ftp"].contains { scheme in
            let count = scheme.utf8.count
            return colon >= count
                && zip(literal[(colon - count)..<colon], scheme.utf8).allSatisfy { $0 | 0x20 == $1 }
        }
    }

    /// Whether an e-mail address, or its `mailto:` or `xmpp:`, may end with `byte`.
    private static func mayEndAddress(_ byte: UInt8) -> Bool {
        ExtensionTriggers.isASCIIAlphanumeric(byte) || ".+-_:".utf8.contains(byte)
    }

    /// The links of each text node of `block` outside links and images, in order.
    private static func links(
        in block: InlineBlocks.Block, of document: borrowing CmarkDocument, escaped: [CmarkDocument.Node: [Int]]
    ) -> [(CmarkDocument.Node, [AutolinkScanner.Link])] {
        var found: [(CmarkDocument.Node, [AutolinkScanner.Link])] = []
        var brackets = OpenBrackets()
        var linkDepth = 0
        document.walk(from: block.node) { event, node in
            switch document.kind(node) {
            case .link, .image:
                linkDepth += event == .enter ? 1 : -1
                if event == .exit, document.kind(node) == .link { brackets.closeLink() }
            case .text where linkDepth == 0:
                let literal = document.literal(node)
                let escapes = Set(escaped[node] ?? [])
                var read = 0  // the bytes of the literal whose brackets are on the stack
                let scanner = AutolinkScanner(literal: literal)
                let startsAfterDelimiter = opensWWW(after: document.previous(node), in: document)
                let links = scanner.links(startsAfterDelimiter: startsAfterDelimiter) { offset in
                    brackets.read(literal, from: &read, to: offset, escapes: escapes)
                    return !brackets.isOpen
                } consumed: { range in
                    // A `www.` or URL link takes its bytes before cmark-gfm reads brackets there.
                    read = max(read, range.upperBound)
                }
                brackets.read(literal, from: &read, to: literal.count, escapes: escapes)
                if !links.isEmpty { found.append((node, links)) }
            default:
                break
            }
        }
        return found
    }

    /// Whether a `www.` may start a text node that follows `previous`: at the start of its
    /// parent, after a line break, emphasis or strikethrough.
    private static func opensWWW(after previous: CmarkDocument.Node?, in document: borrowing CmarkDocument) -> Bool {
        guard let previous else { return true }
        switch document.kind(previous) {
        case .softBreak, .lineBreak, .customInline, .other: return true
        default: return false
        }
    }

    /// Replaces `node` by its text around `links`, adding the new link nodes to `made`.
    private static func write(
        _ links: [AutolinkScanner.Link], replacing node: CmarkDocument.Node, in document: inout CmarkDocument,
        made: inout Set<CmarkDocument.Node>
    ) {
        let literal = document.literal(node)
        var copied = 0
        for link in links {
            if link.range.lowerBound > copied {
                document.insertText(literal[copied..<link.range.lowerBound], before: node)
            }
            made.insert(document.insertLink(to: link.url, label: literal[link.range], before: node))
            copied = link.range.upperBound
        }
        if copied < literal.count { document.insertText(literal[copied...], before: node) }
        document.remove(node)
    }
}

/// cmark's stack of the `[` and `![` not yet closed, as the texts of a block are read in
/// order: a `]` closes the last one, and a link made deactivates the `[` before it.
struct OpenBrackets {
    private var stack: [(isImage: Bool, isActive: Bool)] = []

    /// Whether an active bracket is open.
    var isOpen: Bool {
        stack.last?.isActive ?? false
    }

    /// Reads the real brackets of `literal` (`escapes`: offsets of the escaped ones) from
    /// `start` to `end`, and moves `start` there.
    mutating func read(_ literal: [UInt8], from start: inout Int, to end: Int, escapes: Set<Int>) {
        while start < end {
            let index = start
            start += 1
            guard SourceText.isBracket(literal[index]), !escapes.contains(index) else { continue }
            if literal[index] == UInt8(ascii: "[") {
                let isImage = index > 0 && literal[index - 1] == UInt8(ascii: "!") && !escapes.contains(index - 1)
                stack.append((isImage, true))
            } else if !stack.isEmpty {
                stack.removeLast()
            }
        }
    }

    /// A link was made: no `[` before it can start another.
    mutating func closeLink() {
        for index in stack.indices where !stack[index].isImage { stack[index].isActive = false }
    }
}
