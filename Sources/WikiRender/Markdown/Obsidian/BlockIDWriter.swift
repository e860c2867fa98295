/// Writes the ids `BlockIDs.find` found: `<p id="^id">`, `<li id="^id">`, `<ul id="^id">`,
/// `<blockquote id="^id">`, and the outer element of a table or callout, otherwise exactly as
/// cmark and the extensions write them.
enum BlockIDWriter {
    /// Gives each block of `found` its id.
    static func write(_ found: [BlockIDs.Found], in document: inout CmarkDocument) {
        var lists: [CmarkDocument.Node] = []
        var seenLists: Set<CmarkDocument.Node> = []
        var listIDs: [CmarkDocument.Node: String] = [:]
        var itemIDs: [CmarkDocument.Node: String] = [:]
        for block in found {
            let attribute = " id=\"\(HTMLAttribute.escape(BlockIDs.attribute(block.id)))\""
            switch document.kind(block.node) {
            case .paragraph:
                document.replaceBlock(block.node, onEnter: "<p\(attribute)>", onExit: "</p>")
            case .blockQuote:
                let quote = document.newBlock(onEnter: "<blockquote\(attribute)>", onExit: "</blockquote>")
                document.moveChildren(of: block.node, to: quote)
                document.replace(block.node, by: quote)
            case .customBlock:
                let onEnter = document.blockOnEnter(block.node)
                guard let end = openingTagEnd(onEnter) else { continue }
                document.setBlockHTML(
                    block.node, onEnter: String(onEnter[..<end]) + attribute + String(onEnter[end...]),
                    onExit: document.blockOnExit(block.node))
            case .item:
                guard let list = document.parent(block.node) else { continue }
                if seenLists.insert(list).inserted { lists.append(list) }
                itemIDs[block.node] = attribute
            case .list:
                if seenLists.insert(block.node).inserted { lists.append(block.node) }
                listIDs[block.node] = attribute
            default:
                continue
            }
        }
        for list in lists {
            let tags = document.listTags(list)
            let start = listIDs[list].map { String(tags.start.dropLast()) + $0 + ">" } ?? tags.start
            document.rewriteListAsBlocks(
                list, start: start, itemOpenings: { "<li" + (itemIDs[$0] ?? "") + ">" })
        }
    }

    /// Where attributes go in `onEnter`, a block's opening tag: right after the element's
    /// name. Nil when it is no single opening tag or already has an `id`.
    static func openingTagEnd(_ onEnter: String) -> String.Index? {
        guard onEnter.hasPrefix("<"), onEnter.hasSuffix(">"), !onEnter.contains(" id=\""),
            onEnter.dropFirst().first?.isLetter == true,
            let end = onEnter.firstIndex(where: { $0 == " " || $0 == ">" })
        else { return nil }
        return onEnter.filter { $0 == "<" }.count == 1 ? end : nil
    }
}
