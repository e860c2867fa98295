/// Puts one callout in the tree in place of its block quote.
///
/// A callout is written as Obsidian Publish writes it: a `div.callout` (a `details.callout`
/// when it folds) holding a `.callout-title` (the `summary` when it folds) with a place for
/// the family's icon (drawn by the theme) and the title, then a `div.callout-content` with the quote's blocks, left out when
/// there are none.
struct CalloutWriter {
    let marker: CalloutMarker
    /// The quote's first paragraph, its first line starting with the mark.
    let paragraph: CmarkDocument.Node
    let lines: Callouts.Lines

    /// Replaces `quote` by the callout; `blocks` gets the source of its title and of what is
    /// left of its first paragraph.
    func replace(
        _ quote: CmarkDocument.Node, in document: inout CmarkDocument, blocks: inout [CmarkDocument.Node: Range<Int>]
    ) {
        let family = CalloutFamily(type: marker.type)
        let tags = Tags(family: family, folding: marker.folding, metadata: marker.metadata)
        let callout = document.newBlock(onEnter: tags.calloutStart, onExit: tags.calloutEnd)
        let title = document.appendBlock(onEnter: "", onExit: "", to: callout)
        document.appendRawInline(tags.titleStart, to: title)
        dropMark(in: &document)
        var hasTitle = false
        while let inline = document.firstChild(paragraph), !Self.isBreak(inline, in: document) {
            document.append(inline, to: title)
            hasTitle = true
        }
        if hasTitle {
            blocks[title] = lines.title
        } else {
            document.appendText(marker.defaultTitle.utf8, to: title)
        }
        document.appendRawInline(tags.titleEnd, to: title)
        if let lineEnd = document.firstChild(paragraph) {
            document.remove(lineEnd)
            blocks[paragraph] = lines.body
        } else {
            document.remove(paragraph)
        }
        if document.firstChild(quote) != nil {
            let content = document.appendBlock(
                onEnter: "<div class=\"callout-content\">", onExit: "</div>", to: callout)
            document.moveChildren(of: quote, to: content)
        }
        document.replace(quote, by: callout)
    }

    /// Takes the mark and the blanks after it off the paragraph's first texts.
    private func dropMark(in document: inout CmarkDocument) {
        var remaining = marker.length
        var dropsBlanks = true
        while let text = document.firstChild(paragraph), document.kind(text) == .text, remaining > 0 || dropsBlanks {
            let literal = document.literal(text)
            var rest = literal.dropFirst(remaining)
            remaining -= literal.count - rest.count
            if remaining == 0 {
                rest = rest.drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
                dropsBlanks = rest.isEmpty
            }
            if rest.isEmpty {
                document.remove(text)
            } else {
                document.setText(text, rest)
            }
        }
    }

    private static func isBreak(_ node: CmarkDocument.Node, in document: borrowing CmarkDocument) -> Bool {
        let kind = document.kind(node)
        return kind == .softBreak || kind == .lineBreak
    }

    /// The tags around a callout and around its title, the title's written as raw inlines so
    /// that it stays on one line.
    struct Tags {
        let calloutStart: String
        let calloutEnd: String
        let titleStart: String
        let titleEnd: String

        init(family: CalloutFamily, folding: CalloutMarker.Folding, metadata: String?) {
            var attributes = "class=\"callout\" data-callout=\"\(family.rawValue)\""
            if let metadata {
                attributes += " data-callout-metadata=\"\(HTMLAttribute.escape(metadata))\""
            }
            let inner = "<span class=\"callout-icon\" aria-hidden=\"true\"></span><span class=\"callout-title-inner\">"
            switch folding {
            case .none:
                calloutStart = "<div \(attributes)>"
                calloutEnd = "</div>"
                titleStart = "<div class=\"callout-title\">\(inner)"
                titleEnd = "</span></div>"
            case .open, .closed:
                calloutStart = "<details \(attributes)\(folding == .open ? " open=\"\"" : "")>"
                calloutEnd = "</details>"
                titleStart = "<summary class=\"callout-title\">\(inner)"
                titleEnd = "</span></summary>"
            }
        }
    }
}
