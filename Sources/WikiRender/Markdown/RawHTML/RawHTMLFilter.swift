/// Raw HTML cut down to `AllowedHTML`, for a wiki that does not allow raw HTML.
///
/// Each raw HTML node of cmark's tree (a block, or one inline tag) is read by `HTMLTokenizer`
/// and written anew: the allowed tags, and the text between tags escaped (its character
/// references kept). A node that keeps nothing is left to cmark, which writes
/// `<!-- raw HTML omitted -->` for it.
///
/// An element stays inside what it is written in: a block (the page, a quote, a list item) for
/// a raw HTML block, an inline container (a paragraph, a heading, emphasis, a link) for an
/// inline tag. So a `<details>` can hold the Markdown blocks that follow it, as on GitHub, but
/// nothing a writer types can close or swallow what wikisite writes around it.
///
/// | written | written out |
/// | --- | --- |
/// | an element left open | closed at the end of the block or container it is in |
/// | an element open where wikisite writes a tag among inlines (a table cell's end, `<del>`) | closed before that tag |
/// | an end tag, with an element of that name open in the same block or container | that element closed, and those opened inside it |
/// | an end tag without one | nothing |
/// | `</br>` | `<br />`, as browsers read it |
/// | a raw text element: `script`, `style`, `textarea`, `title`, `iframe`… | nothing, content included, up to its end tag in the same node |
/// | a comment, a doctype, a CDATA section, a processing instruction | nothing |
/// | raw HTML in an image's description | its text in `alt`, as cmark writes it |
struct RawHTMLFilter {
    /// A block or inline container that raw HTML opened elements in.
    private struct Container {
        let node: CmarkDocument.Node
        /// Whether it holds inlines (a paragraph, emphasis…) rather than blocks.
        let holdsInlines: Bool
        /// The elements open in it, innermost last.
        var openElements: [String] = []
    }

    /// The containers with elements opened in them, in the order first met.
    private var containers: [Container] = []
    private var containerIndex: [CmarkDocument.Node: Int] = [:]

    /// A node the filter acts on.
    private enum Stop {
        /// A raw HTML node.
        case rawHTML(CmarkDocument.Node)
        /// An inline that wikisite wrote as a tag among its siblings, such as a table cell's
        /// `<td>` and `</td>` or a strikethrough's `<del>`: elements open before it are closed.
        case tag(CmarkDocument.Node)
    }

    /// Rewrites every raw HTML node of `document`, then closes what was left open.
    static func apply(to document: inout CmarkDocument) {
        var filter = RawHTMLFilter()
        for stop in stops(in: document) {
            switch stop {
            case .rawHTML(let node): filter.rewrite(node, in: &document)
            case .tag(let node): filter.closeOpenElements(before: node, in: &document)
            }
        }
        filter.closeOpenElements(in: &document)
    }

    /// The stops of `document` in document order; raw HTML in an image's description is none.
    private static func stops(in document: borrowing CmarkDocument) -> [Stop] {
        var stops: [Stop] = []
        var imageDepth = 0
        document.walk { event, node in
            switch document.kind(node) {
            case .image:
                imageDepth += event == .enter ? 1 : -1
            case .htmlInline, .htmlBlock:
                if imageDepth == 0 { stops.append(.rawHTML(node)) }
            case .customInline:
                if event == .enter, document.firstChild(node) == nil { stops.append(.tag(node)) }
            default:
                break
            }
        }
        return stops
    }

    /// Replaces the raw HTML node `node` by what it keeps, if anything.
    private mutating func rewrite(_ node: CmarkDocument.Node, in document: inout CmarkDocument) {
        guard let parent = document.parent(node) else { return }
        let isBlock = document.kind(node) == .htmlBlock
        var container = containerIndex[parent].map { containers[$0] } ?? Container(node: parent, holdsInlines: !isBlock)
        var html = ""
        var keepsSomething = false
        for token in HTMLTokenizer.tokens(of: document.literal(node)) {
            switch token {
            case .text(let text):
                html += Self.escaped(text)
                keepsSomething = keepsSomething || text.contains { !HTMLTokenizer.isWhitespace($0) }
            case .startTag(let tag):
                guard let kept = AllowedHTML.startTag(tag) else { continue }
                html += kept
                keepsSomething = true
                if !AllowedHTML.voidElements.contains(tag.name) { container.openElements.append(tag.name) }
            case .endTag(let name):
                guard let closed = Self.close(name, in: &container) else { continue }
                html += closed
                keepsSomething = true
            case .rawText, .ignored:
                continue
            }
        }
        guard keepsSomething else { return }
        if let index = containerIndex[parent] {
            containers[index] = container
        } else {
            containerIndex[parent] = containers.count
            containers.append(container)
        }
        if isBlock {
            let block = document.newBlock(onEnter: html, onExit: "")
            document.replace(node, by: block)
        } else {
            document.insertRawInline(html, before: node)
            document.remove(node)
        }
    }

    /// What the end tag `name` writes in `container`: the end tags of the innermost open
    /// element of that name and of those opened inside it; `<br />` for `</br>`; nil when no
    /// such element is open.
    private static func close(_ name: String, in container: inout Container) -> String? {
        if name == "br" { return AllowedHTML.startTag(HTMLStartTag(name: name, attributes: [], isSelfClosing: true)) }
        guard let index = container.openElements.lastIndex(of: name) else { return nil }
        let closed = container.openElements[index...].reversed().map(AllowedHTML.endTag).joined()
        container.openElements.removeSubrange(index...)
        return closed
    }

    /// Closes, before `tag`, the elements open in its container.
    private mutating func closeOpenElements(before tag: CmarkDocument.Node, in document: inout CmarkDocument) {
        guard let parent = document.parent(tag), let index = containerIndex[parent],
            !containers[index].openElements.isEmpty
        else { return }
        document.insertRawInline(
            containers[index].openElements.reversed().map(AllowedHTML.endTag).joined(), before: tag)
        containers[index].openElements.removeAll()
    }

    /// Closes, at the end of each container, the elements still open in it.
    private func closeOpenElements(in document: inout CmarkDocument) {
        for container in containers where !container.openElements.isEmpty {
            let html = container.openElements.reversed().map(AllowedHTML.endTag).joined()
            if container.holdsInlines {
                document.appendRawInline(html, to: container.node)
            } else {
                _ = document.appendBlock(onEnter: html, onExit: "", to: container.node)
            }
        }
    }

    /// Text between tags, escaped: `<` and `>` as references, `&` kept where it starts a
    /// character reference (`CharacterReference.isWritten`) and escaped elsewhere.
    static func escaped(_ text: [UInt8]) -> String {
        var escaped: [UInt8] = []
        escaped.reserveCapacity(text.count)
        for (index, byte) in text.enumerated() {
            switch byte {
            case UInt8(ascii: "<"): escaped.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): escaped.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "&") where !CharacterReference.isWritten(text, at: index):
                escaped.append(contentsOf: "&amp;".utf8)
            case 0: escaped.append(contentsOf: [0xEF, 0xBF, 0xBD])
            default: escaped.append(byte)
            }
        }
        return String(decoding: escaped, as: UTF8.self)
    }
}
