import WikiDocuments
import WikiModel

/// Renders a page's Markdown to HTML with cmark (CommonMark 0.30), resolving its wikilinks
/// and embeds and giving its headings ids.
///
/// Wikilinks (`[[Title]]`, `[[Title|label]]`, `[[Title#Heading]]`, `[[#Heading]]`; label
/// first with `LinkStyle.gollum`) are found in cmark's tree, not in the Markdown text: nothing
/// in code, raw HTML or an autolink becomes a link, and escaped brackets (`\[\[x\]\]`) stay
/// text. A `[[name]]` that cmark read as a reference link because the page defines
/// `[name]: …` is still a wikilink. Obsidian's block ids (`text ^id`) give their block an `id`
/// that `[[Title#^id]]` lands on (`BlockIDs`). Embeds (`![[Page]]`, `![[name.png]]`) are found the same
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
        var markdown = markdown
        return markdown.withUTF8 { render(utf8: $0, of: page, resolve: resolve, embeds: embeds) }
    }

    /// `render(_:of:resolve:embeds:)` on the text whose UTF-8 bytes (valid UTF-8) are `markdown`.
    public func render(
        utf8 markdown: UnsafeBufferPointer<UInt8>, of page: PageTitle?, resolve: (WikilinkTarget) -> ResolvedLink,
        embeds: some EmbedSource
    ) -> RenderedMarkdown {
        var transclusion = Transclusion(renderer: self, source: embeds, page: page)
        return parse(utf8: markdown, as: ParsedPage(page: page, embeds: embeds), resolve: resolve) {
            document, parsed in
            let dropped = Footnotes.write(parsed.footnotes, in: &document, idPrefix: "")
            // Before the embeds: a block put in a paragraph cuts it, and the id's node with it.
            BlockIDWriter.write(parsed.blocks, in: &document)
            transclusion.expand(
                parsed.embeds.filter { !dropped.contains($0.placeholder) }, in: &document, resolve: resolve)
            HeadingRewriter.write(parsed.headings, withIDs: true, in: &document)
            var rendered = RenderedMarkdown(
                html: html(of: &document, mayHoldRawHTML: parsed.mayHoldRawHTML),
                headings: parsed.headings.map(\.heading),
                links: parsed.links, attachments: parsed.attachments,
                blockIDs: parsed.blocks.map(\.id), tags: parsed.tags)
            rendered.camelCaseWords = parsed.camelCaseWords
            return rendered
        }
    }

    /// `document` as HTML. Raw HTML is passed through when the options allow it. Otherwise
    /// the GFM dialect keeps the harmless tags GitHub keeps (`RawHTMLFilter`), and strict
    /// CommonMark leaves it out, as cmark does. Without `mayHoldRawHTML` (`Parsed`), the
    /// document has no raw HTML to filter.
    func html(of document: inout CmarkDocument, mayHoldRawHTML: Bool) -> String {
        if mayHoldRawHTML && !options.allowRawHTML && options.dialect == .gfm {
            RawHTMLFilter.apply(to: &document)
        }
        return document.html(allowRawHTML: options.allowRawHTML)
    }

    /// What the steps every rendering shares found in a text.
    struct Parsed {
        /// The links and embeds of pages, in document order.
        let links: [WikilinkOccurrence]
        /// The embeds, with their placeholders.
        let embeds: [Embed]
        /// The Markdown links and images to the page's attachments (`FileLinks`).
        let files: [AttachmentEmbed]
        /// The headings, not yet written.
        let headings: [HeadingRewriter.Found]
        /// The blocks with Obsidian block ids, their markers taken off, the ids not yet written.
        let blocks: [BlockIDs.Found]
        /// The footnotes, not yet numbered (`Footnotes`).
        var footnotes = FoundFootnotes()
        /// Whether the text has a `<`: without one, cmark made no raw HTML node.
        let mayHoldRawHTML: Bool
        /// The inline tags, in document order, each time it is written (`InlineTags`).
        var tags: [WikiTag] = []
        /// The CamelCase words where they would link, linked or not, in document order
        /// (`CamelCaseLinks`; none without `MarkdownOptions.camelCaseLinks`).
        var camelCaseWords: [PageTitle] = []

        /// What the steps found in a text that has neither footnotes, tags nor CamelCase words;
        /// those are set apart, by the steps that find them.
        init(
            links: [WikilinkOccurrence], embeds: [Embed], files: [AttachmentEmbed],
            headings: [HeadingRewriter.Found], blocks: [BlockIDs.Found], mayHoldRawHTML: Bool
        ) {
            self.links = links
            self.embeds = embeds
            self.files = files
            self.headings = headings
            self.blocks = blocks
            self.mayHoldRawHTML = mayHoldRawHTML
        }

        /// The attachments the text shows or links: its embeds', then its links'.
        var attachments: [AttachmentEmbed] { embeds.compactMap(\.attachment) + files }
    }

    /// Parses `markdown`, the text of `page`, rewrites its wikilinks, puts placeholders for its
    /// embeds and reads its headings, then hands the tree and what was found to `body`. The
    /// steps `render`, `outline` and `Transclusion` share. In the GFM dialect, the footnote
    /// definitions are parsed as texts of their own (`FootnoteDefinitions`), their blocks put
    /// where they were written.
    func parse<Result>(
        _ markdown: String, as page: ParsedPage<some EmbedSource>, resolve: (WikilinkTarget) -> ResolvedLink,
        _ body: (inout CmarkDocument, Parsed) -> Result
    ) -> Result {
        var markdown = markdown
        return markdown.withUTF8 { parse(utf8: $0, as: page, resolve: resolve, body) }
    }

    /// `parse` on the text whose UTF-8 bytes are `bytes`.
    func parse<Result>(
        utf8 bytes: UnsafeBufferPointer<UInt8>, as page: ParsedPage<some EmbedSource>,
        resolve: (WikilinkTarget) -> ResolvedLink, _ body: (inout CmarkDocument, Parsed) -> Result
    ) -> Result {
        guard options.dialect == .gfm, page.noteDepth < FootnoteDefinitions.maximumDepth,
            let found = FootnoteDefinitions(in: bytes)
        else { return parse(bytes, notes: [], page, resolve: resolve, body) }
        return found.maskedText.withUnsafeBufferPointer { masked in
            parse(masked, notes: found.definitions, page, resolve: resolve, body)
        }
    }

    /// What `parse` is asked to parse, apart from the text.
    struct ParsedPage<Embeds: EmbedSource> {
        /// The page whose text it is (nil: the wiki's home).
        let page: PageTitle?
        /// What the text's embeds show.
        let embeds: Embeds
        /// Without it (a tree that is never rendered), the wikilinks' nodes hold their labels but
        /// no HTML, and `resolve` is not asked about them.
        var writesLinks = true
        /// How many footnote definitions the text is in.
        var noteDepth = 0
        /// The arena of the document the text's nodes go to (a footnote's go to its page's);
        /// nil: a new one.
        var arena: CmarkArena? = nil
    }

    /// `parse` on `bytes`, in which the lines of the footnote definitions `notes` are masked.
    private func parse<Result>(
        _ bytes: UnsafeBufferPointer<UInt8>, notes: [FootnoteDefinition], _ parsedPage: ParsedPage<some EmbedSource>,
        resolve: (WikilinkTarget) -> ResolvedLink, _ body: (inout CmarkDocument, Parsed) -> Result
    ) -> Result {
        let page = parsedPage.page
        let embeds = parsedPage.embeds
        var document = CmarkDocument(parsing: bytes, in: parsedPage.arena ?? CmarkArena())
        var source = SourceText(bytes)
        let cells = options.dialect == .gfm ? MarkdownExtensions.apply(to: &document, source: &source) : [:]
        let survey = TreeSurvey(document, source: &source, cells: cells)
        // Before the wikilinks, whose links lead to pages, never to attachments.
        let files = FileLinks.rewrite(
            survey.linksAndImages, in: &document, page: page, embeds: embeds, keepsMissing: options.titleMatching != nil
        )
        let found = WikilinkRewriter.rewrite(
            survey.bracketTexts, in: &document,
            reading: WikilinkRewriter.Reading(style: options.linkStyle, matching: options.titleMatching, page: page),
            resolve: resolve,
            writesLinks: parsedPage.writesLinks, isAttachment: { embeds.attachment(named: $0, ofPage: page) != nil })
        var links = found.links
        if let matching = options.titleMatching {
            links += NoteLinks.rewrite(in: &document, page: page, matching: matching, resolve: resolve)
        }
        var camelCaseWords: [PageTitle] = []
        if options.camelCaseLinks {
            (links, camelCaseWords) = CamelCaseLinks.rewrite(in: &document, after: links, resolve: resolve)
        }
        let headings = HeadingRewriter.read(survey.headings, in: document)
        let blocks =
            options.dialect == .gfm && SourceText.contains(UInt8(ascii: "^"), in: bytes)
            ? BlockIDs.find(in: &document, source: source, cells: cells) : []
        // The notes' text is the rest of the page's: a `<` is in the masked text or in a note.
        let mayHoldRawHTML =
            SourceText.contains(UInt8(ascii: "<"), in: bytes)
            || notes.contains { $0.content.contains(UInt8(ascii: "<")) }
        var parsed = Parsed(
            links: links, embeds: found.embeds, files: files, headings: headings, blocks: blocks,
            mayHoldRawHTML: mayHoldRawHTML)
        parsed.camelCaseWords = camelCaseWords
        // Without a definition in the page, no reference can resolve: the page's own text is
        // not searched for them, a note's text always is.
        if options.dialect == .gfm, !notes.isEmpty || parsedPage.noteDepth > 0 {
            let references = FootnoteReferences.find(in: document, source: &source, cells: cells)
            parsed = place(notes, in: &document, after: parsed, references, parsedPage, resolve: resolve)
        }
        // Only a page's text has tags: a home's or a loose text's have no tag pages to link to.
        if options.dialect == .gfm, page != nil, SourceText.contains(UInt8(ascii: "#"), in: bytes) {
            parsed.tags = InlineTags.rewrite(in: &document, source: &source, cells: cells) + parsed.tags
        }
        return body(&document, parsed)
    }
}
