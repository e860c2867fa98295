/// Replaces the wikilinks of a page's text nodes by links, in the tree: each becomes an inline
/// node written `<a class="wikilink" href="…">` … `</a>` around a text node with its label, so
/// cmark escapes the label like any text. Embeds (`![[Page]]`) are left as they are written.
enum WikilinkRewriter {
    /// Rewrites the wikilinks of `texts` (from `TreeSurvey`) and returns them in document order.
    static func rewrite(
        _ texts: [TreeSurvey.BracketText], in document: inout CmarkDocument, style: LinkStyle,
        resolve: (WikilinkTarget) -> ResolvedLink
    ) -> [WikilinkOccurrence] {
        var occurrences: [WikilinkOccurrence] = []
        var firstByteTaken = false  // by a wikilink cmark read as `[`, reference link, `]`
        for (position, text) in texts.enumerated() {
            let start = firstByteTaken ? 1 : 0
            firstByteTaken = false
            let scanner = WikilinkScanner(literal: document.literal(text.node), escapedMarks: text.escapedMarks)
            let literal = scanner.literal
            let links = scanner.matches(from: start).compactMap { match in
                match.isEmbed
                    ? nil
                    : WikilinkContent(literal[match.content], style: style).map { (range: match.range, content: $0) }
            }
            let referenceLink =
                scanner.endsWithLinkOpener && position + 1 < texts.count
                ? wikilinkReadAsReferenceLink(after: text.node, before: texts[position + 1], in: document, style: style)
                : nil
            guard !links.isEmpty || referenceLink != nil || start > 0 else { continue }

            var copied = start
            for link in links {
                if link.range.lowerBound > copied {
                    document.insertText(literal[copied..<link.range.lowerBound], before: text.node)
                }
                occurrences.append(
                    insert(link.content, line: text.line, before: text.node, in: &document, resolve: resolve))
                copied = link.range.upperBound
            }
            if let referenceLink {
                if literal.count - 1 > copied {
                    document.insertText(literal[copied..<(literal.count - 1)], before: text.node)
                }
                occurrences.append(
                    insert(referenceLink.content, line: text.line, before: text.node, in: &document, resolve: resolve))
                document.remove(referenceLink.node)
                document.remove(text.node)
                firstByteTaken = true
            } else if copied < literal.count {
                document.setText(text.node, literal[copied...])
            } else {
                document.remove(text.node)
            }
        }
        return occurrences
    }

    /// The reference link between a text node ending with `[` and the next one starting with
    /// `]`, when it is written `[label]` (a shortcut reference), with its label read as a
    /// wikilink's content: `[[grep]]` when the page defines `[grep]: grep.md`.
    private static func wikilinkReadAsReferenceLink(
        after text: CmarkDocument.Node, before next: TreeSurvey.BracketText, in document: borrowing CmarkDocument,
        style: LinkStyle
    ) -> (node: CmarkDocument.Node, content: WikilinkContent)? {
        guard let link = document.next(text), document.kind(link) == .link, document.next(link) == next.node,
            let label = document.firstChild(link), document.kind(label) == .text, document.next(label) == nil,
            WikilinkScanner(literal: document.literal(next.node), escapedMarks: next.escapedMarks)
                .startsWithClosingBracket
        else { return nil }
        let linkSpan = document.span(link)
        let labelSpan = document.span(label)
        guard linkSpan.startLine == linkSpan.endLine, labelSpan.startLine == linkSpan.startLine,
            labelSpan.endLine == linkSpan.endLine, linkSpan.startColumn + 1 == labelSpan.startColumn,
            labelSpan.endColumn + 1 == linkSpan.endColumn,
            let content = WikilinkContent(document.literal(label)[...], style: style)
        else { return nil }
        return (link, content)
    }

    /// Inserts the link for `content` before `node`.
    static func insert(
        _ content: WikilinkContent, line: Int, before node: CmarkDocument.Node, in document: inout CmarkDocument,
        resolve: (WikilinkTarget) -> ResolvedLink
    ) -> WikilinkOccurrence {
        let target = content.target
        let resolved = resolve(target)
        var href = relativeHref(resolved.href)
        if let fragment = target.fragment {
            href += "#" + HeadingSlug.slug(fragment)
        }
        let onEnter: String
        if let title = target.title, !resolved.exists {
            let note = "Page “\(title.text)” does not exist yet"
            onEnter =
                "<a class=\"wikilink missing\" href=\"\(HTMLAttribute.escape(href))\" title=\"\(HTMLAttribute.escape(note))\">"
        } else {
            onEnter = "<a class=\"wikilink\" href=\"\(HTMLAttribute.escape(href))\">"
        }
        document.insertCustomInline(onEnter: onEnter, label: content.label, onExit: "</a>", before: node)
        return WikilinkOccurrence(target: target, label: String(decoding: content.label, as: UTF8.self), line: line)
    }

    /// `href`, made to read as a relative path even if it looks like a URL with a scheme
    /// (`javascript:…`): then `./` is put in front of it.
    private static func relativeHref(_ href: String) -> String {
        for byte in href.utf8 {
            switch byte {
            case UInt8(ascii: ":"): return "./" + href
            case UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"): return href
            default: continue
            }
        }
        return href
    }
}
