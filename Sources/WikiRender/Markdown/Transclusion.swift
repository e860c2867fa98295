import WikiModel

/// Fills in the embeds of one file's text, as Obsidian and Quartz show them:
///
/// - `![[Page]]` shows the page's body, `![[Page#Heading]]` the section that heading starts
///   (up to the next heading of the same or a higher level), `![[Page#^id]]` the block with
///   that Obsidian block id (`BlockIDs`; a list item alone in its list), rendered as every page is (cmark,
///   safe HTML unless the wiki allows raw HTML, the page's own links and embeds) inside a
///   `<div class="embed">` that starts with a link to the page, which stands for the page's
///   title: a whole page that starts with its title as an `<h1>` shows it without that
///   heading, as the page's own file does. The embedded headings have no `id` (the file's own
///   would repeat), and `[[#Heading]]` in the embedded text leads to the embedded page. Its
///   footnotes are shown at the end of the embed, as Obsidian shows them, with ids that start
///   `embedN-` (the N-th page the file embeds), so they repeat no id of the file. The
///   block takes the embed's place in its paragraph; an embed in a heading, a link or
///   emphasis, where no block can go, is shown as a link to the page.
/// - `![[name.png]]` shows the attachment of that name of the page whose text holds the embed,
///   as Obsidian does (`EmbeddedAttachment.Kind`): an `<img>` (alt text: the label, or the name)
///   when its type is an image, `<audio>` or `<video>` with controls, a link to a PDF, a link to
///   download anything else. A label that is a size (`|300`, `|300x200`, `|alt|300`) sets the
///   width and height (`EmbedLabel`).
/// - A page or attachment that does not exist, a draft, and a heading or block the page does
///   not have are shown as a link is: `missing`, with a tooltip saying what is missing.
/// - Embeds nest at most `maxDepth` deep and a file shows at most `maxPages` embedded pages
///   (nested ones included), so pages that embed one another cannot multiply a file's size. A
///   page never shows itself, through any number of embeds. An embed cut by one of these
///   rules is shown as a link to its page followed by a note saying why.
struct Transclusion {
    /// How deep embeds nest: the file's text, a page it embeds, a page that one embeds…
    static let maxDepth = 3
    /// How many embedded pages one file shows at most, nested ones included.
    static let maxPages = 100

    let renderer: MarkdownRenderer
    let source: any EmbedSource
    /// The texts being rendered, the file's own first (nil: a wiki's home), the innermost last.
    private var chain: [PageTitle?]
    /// How many embedded pages the file shows so far.
    private var pagesShown = 0
    /// The pages the file's embeds named that were not cut as cycles, in order: a rendering
    /// kept for reuse lists those named inside it.
    private var named: [PageTitle] = []
    /// The shallowest place in the chain that what the rendering being made shows depends on
    /// (Int.max: none): an embed cut as a cycle depends on where its page is in the chain; an
    /// embed cut by `maxPages` and footnote ids, numbered in the file, depend on the whole file
    /// (-1). A rendering that depends on the chain above its own place is not kept.
    private var boundDepth = Int.max

    /// The transclusion of the embeds of the file whose text is that of `page` (nil: the home).
    init(renderer: MarkdownRenderer, source: any EmbedSource, page: PageTitle?) {
        self.renderer = renderer
        self.source = source
        chain = [page]
    }

    /// Replaces the placeholders of `embeds`, found in the innermost text of the chain, by
    /// what they show; `resolve` resolves that text's links.
    mutating func expand(
        _ embeds: [Embed], in document: inout CmarkDocument, resolve: (WikilinkTarget) -> ResolvedLink
    ) {
        for embed in embeds {
            switch embed.kind {
            case .attachment(let name): showAttachment(name, for: embed, in: &document)
            case .page(let target): showPage(target, for: embed, in: &document, resolve: resolve)
            }
        }
    }

    // MARK: Attachments

    private func showAttachment(_ name: String, for embed: Embed, in document: inout CmarkDocument) {
        defer { document.remove(embed.placeholder) }
        let label = String(decoding: embed.label, as: UTF8.self)
        guard let attachment = source.attachment(named: name, ofPage: chain[chain.count - 1]) else {
            let note = HTMLAttribute.escape("Attachment “\(name)” does not exist")
            document.insertCustomInline(
                onEnter: "<span class=\"embed missing\" title=\"\(note)\">", label: embed.label, onExit: "</span>",
                before: embed.placeholder)
            return
        }
        let href = HTMLAttribute.escape(WikilinkRewriter.relativeHref(attachment.href))
        let shown = EmbedLabel(label)
        switch attachment.kind {
        case .image:
            document.insertRawInline(
                "<img class=\"embed\" src=\"\(href)\" alt=\"\(HTMLAttribute.escape(shown.text ?? name))\"\(shown.size) />",
                before: embed.placeholder)
        case .audio, .video:
            let tag = attachment.kind == .audio ? "audio" : "video"
            document.insertRawInline(
                "<\(tag) class=\"embed\" src=\"\(href)\" controls=\"\"\(shown.size)></\(tag)>",
                before: embed.placeholder)
        case .pdf, .download:
            let download = attachment.kind == .pdf ? "" : " download=\"\""
            document.insertCustomInline(
                onEnter: "<a class=\"embed-file\" href=\"\(href)\"\(download)>", label: embed.label, onExit: "</a>",
                before: embed.placeholder)
        }
    }

    // MARK: Pages

    private mutating func showPage(
        _ target: WikilinkTarget, for embed: Embed, in document: inout CmarkDocument,
        resolve: (WikilinkTarget) -> ResolvedLink
    ) {
        let href = WikilinkRewriter.href(of: target, resolve(target))
        func link(missing: String? = nil, note: String? = nil) {
            document.insertCustomInline(
                onEnter: (note == nil ? "" : "<span class=\"embed-note\">")
                    + WikilinkRewriter.anchor(href, missing: missing),
                label: embed.label, onExit: "</a>" + (note.map { " (not shown here: \($0))</span>" } ?? ""),
                before: embed.placeholder)
            document.remove(embed.placeholder)
        }
        guard let title = target.title ?? chain[chain.count - 1] else {
            return link(note: "it would show a page inside itself")
        }
        if let place = chain.firstIndex(of: title) {
            boundDepth = min(boundDepth, place)
            return link(note: "it would show a page inside itself")
        }
        named.append(title)
        guard let markdown = source.markdown(ofPage: title) else {
            return link(missing: "Page “\(title.text)” does not exist yet")
        }
        guard document.isInParagraph(embed.placeholder) else { return link() }
        guard chain.count <= Self.maxDepth else {
            return link(note: "embeds nest at most \(Self.maxDepth) deep")
        }
        guard pagesShown < Self.maxPages else {
            boundDepth = -1
            return link(note: "a page shows at most \(Self.maxPages) embedded pages")
        }
        let html = rendering(of: markdown, title: title, section: target.fragment, resolve: resolve)
        guard let html else {
            let part = target.blockID == nil ? "heading" : "block"
            return link(missing: "Page “\(title.text)” has no \(part) “\(target.fragment ?? "")”")
        }
        let label = HTMLAttribute.escape(String(decoding: embed.label, as: UTF8.self))
        document.replaceInline(
            embed.placeholder,
            byBlock: "<div class=\"embed\">\n<p class=\"embed-source\">\(WikilinkRewriter.anchor(href, missing: nil))"
                + "\(label)</a></p>\n\(html)</div>\n")
    }

    /// The HTML of an embed of `section` of `title`, whose text is `markdown` (nil: no such
    /// section): a rendering the scope kept for the same embed in the same place when nothing
    /// it shows holds it here, else a new one, kept when it depends on nothing else.
    private mutating func rendering(
        of markdown: String, title: PageTitle, section: String?, resolve: (WikilinkTarget) -> ResolvedLink
    ) -> String? {
        let scope = source.renderingScope
        if let section, let scope,
            let anchors = scope.renderings.anchors(of: EmbedRenderings.Page(scope: scope.name, title: title)),
            !anchors.mayHave(section)
        {
            pagesShown += 1
            return nil
        }
        let key = scope.map { EmbedRenderings.Key(scope: $0.name, title: title, section: section, depth: chain.count) }
        if let key, let kept = scope?.renderings.rendering(for: key),
            pagesShown + 1 + kept.nestedPages <= Self.maxPages, !kept.named.contains(where: { chain.contains($0) })
        {
            pagesShown += 1 + kept.nestedPages
            named += kept.named
            return kept.html
        }
        let (shownBefore, namedBefore, outerBound) = (pagesShown, named.count, boundDepth)
        pagesShown += 1
        boundDepth = Int.max
        chain.append(title)
        let html = body(markdown, of: title, section: section, resolve: resolve)
        chain.removeLast()
        let bound = boundDepth
        boundDepth = min(outerBound, bound)
        if let key, let scope, bound >= chain.count {
            let rendering = EmbedRenderings.Rendering(
                html: html, nestedPages: pagesShown - shownBefore - 1, named: Array(named[namedBefore...]))
            scope.renderings.keep(rendering, for: key)
        }
        return html
    }

    /// Keeps the anchors of the page `title`, `parsed`, where the scope shares them.
    private func keepAnchors(of title: PageTitle, _ parsed: MarkdownRenderer.Parsed) {
        guard let scope = source.renderingScope else { return }
        let anchors = EmbedRenderings.Anchors(
            headingIDs: Set(parsed.headings.map(\.heading.id)), blockIDs: Set(parsed.blocks.map(\.id)))
        scope.renderings.keep(anchors, of: EmbedRenderings.Page(scope: scope.name, title: title))
    }

    /// The blocks an embed of `section` shows from `document`: the section that heading starts,
    /// or the block with that block id (`^id`); a list item is shown in its list, alone. Nil
    /// when the text has no such heading or block.
    private static func blocks(
        of section: String, in document: inout CmarkDocument, _ parsed: MarkdownRenderer.Parsed
    ) -> [CmarkDocument.Node]? {
        guard let blockID = BlockIDs.id(inFragment: section) else {
            let id = HeadingSlug.slug(section)
            return parsed.headings.first { $0.heading.id.utf8.elementsEqual(id.utf8) }.map {
                document.section(startingAt: $0.node)
            }
        }
        guard let block = parsed.blocks.first(where: { $0.id.utf8.elementsEqual(blockID.utf8) })?.node else {
            return nil
        }
        guard document.kind(block) == .item, let list = document.parent(block) else { return [block] }
        var sibling = document.firstChild(list)
        while let item = sibling {
            sibling = document.next(item)
            if item != block { document.remove(item) }
        }
        return [list]
    }

    /// The HTML of `markdown`, the text of the page `title` (the innermost of the chain), or
    /// of its section `section` (a heading's text or `^id`); nil when it has no such section. `resolve` is the
    /// outer text's: links lead to the same files from the embedded text.
    private mutating func body(
        _ markdown: String, of title: PageTitle, section: String?, resolve: (WikilinkTarget) -> ResolvedLink
    ) -> String? {
        func ownResolve(_ target: WikilinkTarget) -> ResolvedLink {
            resolve(target.title == nil ? WikilinkTarget(title: title, fragment: target.fragment) : target)
        }
        // `source` opened, the type of its embeds known to the parse.
        func parse(
            embeds: some EmbedSource, _ body: (inout CmarkDocument, MarkdownRenderer.Parsed) -> String?
        ) -> String? {
            renderer.parse(
                markdown, as: MarkdownRenderer.ParsedPage(page: title, embeds: embeds), resolve: ownResolve, body)
        }
        return parse(embeds: source) { document, parsed in
            var headings = parsed.headings
            var embeds = parsed.embeds
            if let section {
                keepAnchors(of: title, parsed)
                guard let shown = Self.blocks(of: section, in: &document, parsed) else { return nil }
                // The notes stay wherever they were written: the section's references may use them.
                let inSection = Set(shown)
                let blocks = shown + parsed.footnotes.notes.map(\.block).filter { !inSection.contains($0) }
                let kept = document.nodes(under: blocks)
                headings.removeAll { !kept.contains($0.node) }
                embeds.removeAll { !kept.contains($0.placeholder) }
                document.keepOnly(blocks)
            } else if let first = headings.first, first.heading.level == 1,
                first.heading.text.utf8.elementsEqual(title.text.utf8), document.isFirstBlock(first.node)
            {
                // The page's title as its first heading: the frame's link already shows it.
                let removed = document.nodes(under: [first.node])
                embeds.removeAll { removed.contains($0.placeholder) }
                headings.removeFirst()
                document.remove(first.node)
            }
            if !parsed.footnotes.notes.isEmpty { boundDepth = -1 }
            let dropped = Footnotes.write(parsed.footnotes, in: &document, idPrefix: "embed\(pagesShown)-")
            expand(embeds.filter { !dropped.contains($0.placeholder) }, in: &document, resolve: ownResolve)
            HeadingRewriter.write(headings, withIDs: false, in: &document)
            return renderer.html(of: &document, mayHoldRawHTML: parsed.mayHoldRawHTML)
        }
    }
}
