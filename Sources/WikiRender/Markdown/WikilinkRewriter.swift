import WikiModel

/// Replaces the wikilinks of a page's text nodes by links, in the tree: each becomes an inline
/// node written `<a class="wikilink" href="…">` … `</a>` around a text node with its label, so
/// cmark escapes the label like any text. Each embed (`![[Page]]`, `![[name.png]]`) becomes a
/// placeholder (`Embed`), an inline node holding its label, which `Transclusion` replaces.
enum WikilinkRewriter {
    /// What the rewrite found: the links (and embeds of pages) in document order, and every
    /// embed with its placeholder.
    struct Found {
        var links: [WikilinkOccurrence] = []
        var embeds: [Embed] = []
    }

    /// How a rewrite reads a wikilink's content: which side of `|` names the page, and how the
    /// title written there is matched from the page whose text it is.
    struct Reading {
        let style: LinkStyle
        let matching: (any TitleMatching)?
        let page: PageTitle?

        /// The content of `bytes`, written on `line`, its title matched.
        func content(_ bytes: ArraySlice<UInt8>, line: Int) -> WikilinkContent? {
            WikilinkContent(bytes, style: style)?.matched(by: matching, from: page, line: line)
        }
    }

    /// Rewrites the wikilinks and embeds of `texts` (from `TreeSurvey`), read as `reading` says.
    /// `isAttachment` says
    /// whether the text has an attachment of a name (see `Embed.Kind`). Without `writesLinks`,
    /// for a tree that is only read, a link's node holds its label and no HTML, and `resolve` is
    /// not asked.
    static func rewrite(
        _ texts: [TreeSurvey.BracketText], in document: inout CmarkDocument, reading: Reading,
        resolve: (WikilinkTarget) -> ResolvedLink, writesLinks: Bool = true, isAttachment: (String) -> Bool
    ) -> Found {
        var found = Found()
        // A link as the tree will be rendered, or only its label when it never is.
        func insertLink(_ content: WikilinkContent, line: Int, before node: CmarkDocument.Node) -> WikilinkOccurrence {
            writesLinks
                ? insert(content, line: line, before: node, in: &document, resolve: resolve)
                : insertLabel(content, line: line, before: node, in: &document)
        }
        var firstByteTaken = false  // by a wikilink cmark read as `[`, reference link, `]`
        for (position, text) in texts.enumerated() {
            let start = firstByteTaken ? 1 : 0
            firstByteTaken = false
            let scanner = WikilinkScanner(literal: document.literal(text.node), escapedMarks: text.escapedMarks)
            let literal = scanner.literal
            let links = scanner.matches(from: start).compactMap { match in
                reading.content(literal[match.content], line: text.line).map { content in
                    (
                        range: match.isEmbed ? (match.range.lowerBound - 1)..<match.range.upperBound : match.range,
                        content: content, isEmbed: match.isEmbed
                    )
                }
            }
            let referenceLink =
                scanner.endsWithLinkOpener && position + 1 < texts.count
                ? wikilinkReadAsReferenceLink(
                    after: text.node, before: texts[position + 1], in: document, reading: reading, line: text.line)
                : nil
            guard !links.isEmpty || referenceLink != nil || start > 0 else { continue }

            var copied = start
            for link in links {
                if link.range.lowerBound > copied {
                    document.insertText(literal[copied..<link.range.lowerBound], before: text.node)
                }
                if link.isEmbed {
                    let embed = Embed(link.content, line: text.line, before: text.node, in: &document, isAttachment)
                    found.embeds.append(embed)
                    if let occurrence = embed.occurrence { found.links.append(occurrence) }
                } else {
                    found.links.append(insertLink(link.content, line: text.line, before: text.node))
                }
                copied = link.range.upperBound
            }
            if let referenceLink {
                if literal.count - 1 > copied {
                    document.insertText(literal[copied..<(literal.count - 1)], before: text.node)
                }
                found.links.append(insertLink(referenceLink.content, line: text.line, before: text.node))
                document.remove(referenceLink.node)
                document.remove(text.node)
                firstByteTaken = true
            } else if copied < literal.count {
                document.setText(text.node, literal[copied...])
            } else {
                document.remove(text.node)
            }
        }
        return found
    }

    /// The reference link between a text node ending with `[` and the next one starting with
    /// `]`, when it is written `[label]` (a shortcut reference), with its label read as a
    /// wikilink's content: `[[grep]]` when the page defines `[grep]: grep.md`.
    private static func wikilinkReadAsReferenceLink(
        after text: CmarkDocument.Node, before next: TreeSurvey.BracketText, in document: borrowing CmarkDocument,
        reading: Reading, line: Int
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
            let content = reading.content(document.literal(label)[...], line: line)
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
        let missing = target.title.flatMap { resolved.exists ? nil : "Page “\($0.text)” does not exist yet" }
        document.insertCustomInline(
            onEnter: anchor(href(of: target, resolved), missing: missing), label: content.label, onExit: "</a>",
            before: node)
        return WikilinkOccurrence(target: target, label: String(decoding: content.label, as: UTF8.self), line: line)
    }

    /// Inserts the label of the link for `content` before `node`, in a node that writes no
    /// HTML of its own: the tree reads as `insert` leaves it, at less cost.
    private static func insertLabel(
        _ content: WikilinkContent, line: Int, before node: CmarkDocument.Node, in document: inout CmarkDocument
    ) -> WikilinkOccurrence {
        document.insertCustomInline(onEnter: "", label: content.label, onExit: "", before: node)
        return WikilinkOccurrence(
            target: content.target, label: String(decoding: content.label, as: UTF8.self), line: line)
    }

    /// The href of a link to `target`, which resolved to `resolved`: `#` and the heading's
    /// slug (or the block's id, for `^id`) after the page's href.
    static func href(of target: WikilinkTarget, _ resolved: ResolvedLink) -> String {
        var href = relativeHref(resolved.href)
        if let block = target.blockID {
            href += "#" + BlockIDs.attribute(block)
        } else if let fragment = target.fragment {
            href += "#" + HeadingSlug.slug(fragment)
        }
        return href
    }

    /// The opening tag of a wikilink to `href`; with `missing`, styled `missing` and with that
    /// text as its tooltip.
    static func anchor(_ href: String, missing: String?) -> String {
        guard let missing else { return "<a class=\"wikilink\" href=\"\(HTMLAttribute.escape(href))\">" }
        return
            "<a class=\"wikilink missing\" href=\"\(HTMLAttribute.escape(href))\" title=\"\(HTMLAttribute.escape(missing))\">"
    }

    /// `href`, made to read as a relative path even if it looks like a URL with a scheme
    /// (`javascript:…`): then `./` is put in front of it.
    static func relativeHref(_ href: String) -> String {
        var href = href
        let hasScheme = href.withUTF8 { bytes in
            for byte in bytes {
                switch byte {
                case UInt8(ascii: ":"): return true
                case UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"): return false
                default: continue
                }
            }
            return false
        }
        return hasScheme ? "./" + href : href
    }
}
