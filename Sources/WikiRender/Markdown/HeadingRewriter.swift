/// Gives each heading its `id`: `<h2 id="…">…</h2>`, otherwise exactly as cmark writes it.
///
/// In two steps, so that a section can be cut out of a text by its headings' ids before they
/// are written: `read` finds what the headings are, `write` writes them.
enum HeadingRewriter {
    /// A heading node of the tree and what it is.
    struct Found {
        let node: CmarkDocument.Node
        let heading: Heading
    }

    /// What `headings` (in document order) are: their plain text, level, and unique ids.
    static func read(_ headings: [CmarkDocument.Node], in document: borrowing CmarkDocument) -> [Found] {
        var ids = HeadingIDs(headingCount: headings.count)
        var text: [UInt8] = []
        return headings.map { node in
            let plainText: String
            if let child = document.firstChild(node), document.kind(child) == .text, document.next(child) == nil {
                plainText = document.withLiteral(child) { String(decoding: $0, as: UTF8.self) }
            } else {
                text.removeAll(keepingCapacity: true)
                document.walk(from: node) { event, inner in
                    guard event == .enter else { return }
                    switch document.kind(inner) {
                    case .text, .code: document.withLiteral(inner) { text.append(contentsOf: $0) }
                    case .softBreak, .lineBreak: text.append(UInt8(ascii: " "))
                    default: break
                    }
                }
                plainText = String(decoding: text, as: UTF8.self)
            }
            let id = ids.unique(HeadingSlug.slug(plainText))
            return Found(node: node, heading: Heading(level: document.headingLevel(node), text: plainText, id: id))
        }
    }

    /// Writes `headings` with their ids (`withIDs`), or without (a text embedded in a page,
    /// whose ids would repeat the page's own).
    static func write(_ headings: [Found], withIDs: Bool, in document: inout CmarkDocument) {
        for found in headings {
            let level = found.heading.level
            let id = withIDs ? " id=\"\(HTMLAttribute.escape(found.heading.id))\"" : ""
            document.replaceBlock(found.node, onEnter: "<h\(level)\(id)>", onExit: "</h\(level)>")
        }
    }
}
