import WikiModel

/// Renders a page's Markdown to HTML with cmark (CommonMark 0.30), resolving its wikilinks
/// and embeds and giving its headings ids.
///
/// Wikilinks (`[[Title]]`, `[[Title|label]]`, `[[Title#Heading]]`, `[[#Heading]]`; label
/// first with `LinkStyle.gollum`) are found in cmark's tree, not in the Markdown text: nothing
/// in code, raw HTML or an autolink becomes a link, and escaped brackets (`\[\[x\]\]`) stay
/// text. A `[[name]]` that cmark read as a reference link because the page defines
/// `[name]: …` is still a wikilink. Embeds (`![[Page]]`, `![[name.png]]`) are found the same
/// way and shown as `Transclusion` describes. In the GFM dialect (the default), GitHub's
/// extensions render as the `cmark-gfm` command renders them, and Obsidian's callouts,
/// highlights and comments as Obsidian shows them (`MarkdownExtensions`). Everything else
/// renders exactly as the `cmark` command renders it, apart from the headings' `id`s.
public struct MarkdownRenderer: Sendable {
    /// How the Markdown is read and rendered.
    public let options: MarkdownOptions

    public init(options: MarkdownOptions = .init()) {
        self.options = options
    }

    /// Renders `markdown`, asking `resolve` where each wikilink points. A link to a heading
    /// gets `#` and the heading's slug (`HeadingSlug`) after the resolved href. The text
    /// belongs to no wiki, so every embed is shown as missing.
    public func render(_ markdown: String, resolve: (WikilinkTarget) -> ResolvedLink) -> RenderedMarkdown {
        render(markdown, of: nil, resolve: resolve, embeds: NoEmbeds())
    }

    /// Renders `markdown`, the text of the page `page` of a wiki (nil: the wiki's home),
    /// asking `resolve` where each wikilink points and `embeds` what each embed shows.
    public func render(
        _ markdown: String, of page: PageTitle?, resolve: (WikilinkTarget) -> ResolvedLink,
        embeds: some EmbedSource
    ) -> RenderedMarkdown {
        var transclusion = Transclusion(renderer: self, source: embeds, page: page)
        return parse(markdown, of: page, resolve: resolve, embeds: embeds) { document, parsed in
            transclusion.expand(parsed.embeds, in: &document, resolve: resolve)
            HeadingRewriter.write(parsed.headings, withIDs: true, in: &document)
            return RenderedMarkdown(
                html: document.html(allowRawHTML: options.allowRawHTML), headings: parsed.headings.map(\.heading),
                links: parsed.links, attachments: parsed.embeds.compactMap(\.attachment))
        }
    }

    /// What the steps every rendering shares found in a text.
    struct Parsed {
        /// The links and embeds of pages, in document order.
        let links: [WikilinkOccurrence]
        /// The embeds, with their placeholders.
        let embeds: [Embed]
        /// The headings, not yet written.
        let headings: [HeadingRewriter.Found]
    }

    /// Parses `markdown`, the text of page `page` (nil: the wiki's home), rewrites its
    /// wikilinks, puts placeholders for its embeds and reads its headings, then hands the tree
    /// and what was found to `body`. The steps `render`, `outline` and `Transclusion` share.
    /// Without `writesLinks` (a tree that is never rendered), the wikilinks' nodes hold their
    /// labels but no HTML, and `resolve` is not asked about them.
    func parse<Result>(
        _ markdown: String, of page: PageTitle?, resolve: (WikilinkTarget) -> ResolvedLink,
        embeds: some EmbedSource, writesLinks: Bool = true, _ body: (inout CmarkDocument, Parsed) -> Result
    ) -> Result {
        var markdown = markdown
        return markdown.withUTF8 { bytes in
            var document = CmarkDocument(parsing: bytes)
            var source = SourceText(bytes)
            let cells = options.dialect == .gfm ? MarkdownExtensions.apply(to: &document, source: &source) : [:]
            let survey = TreeSurvey(document, source: &source, cells: cells)
            let found = WikilinkRewriter.rewrite(
                survey.bracketTexts, in: &document, style: options.linkStyle, resolve: resolve,
                writesLinks: writesLinks, isAttachment: { embeds.attachment(named: $0, ofPage: page) != nil })
            var links = found.links
            if options.camelCaseLinks {
                links = CamelCaseLinks.rewrite(in: &document, after: links, resolve: resolve)
            }
            let headings = HeadingRewriter.read(survey.headings, in: document)
            return body(&document, Parsed(links: links, embeds: found.embeds, headings: headings))
        }
    }
}
