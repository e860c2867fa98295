/// Gives each heading its `id`: `<h2 id="…">…</h2>`, otherwise exactly as cmark writes it.
enum HeadingRewriter {
    /// Rewrites `headings` (in document order) and returns what they are.
    static func rewrite(_ headings: [CmarkDocument.Node], in document: inout CmarkDocument) -> [Heading] {
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
            let level = document.headingLevel(node)
            document.replaceBlock(
                node, onEnter: "<h\(level) id=\"\(HTMLAttribute.escape(id))\">", onExit: "</h\(level)>")
            return Heading(level: level, text: plainText, id: id)
        }
    }
}
