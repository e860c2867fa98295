/// Renders a page's Markdown to HTML with cmark (CommonMark 0.30), resolving its wikilinks
/// and giving its headings ids.
///
/// Wikilinks (`[[Title]]`, `[[Title|label]]`, `[[Title#Heading]]`, `[[#Heading]]`; label
/// first with `LinkStyle.gollum`) are found in cmark's tree, not in the Markdown text: nothing
/// in code, raw HTML or an autolink becomes a link, and escaped brackets (`\[\[x\]\]`) stay
/// text. A `[[name]]` that cmark read as a reference link because the page defines
/// `[name]: …` is still a wikilink. Everything else renders exactly as the `cmark` command
/// renders it, apart from the headings' `id`s.
public struct MarkdownRenderer: Sendable {
    /// How the Markdown is read and rendered.
    public let options: MarkdownOptions

    public init(options: MarkdownOptions = .init()) {
        self.options = options
    }

    /// Renders `markdown`, asking `resolve` where each wikilink points. A link to a heading
    /// gets `#` and the heading's slug (`HeadingSlug`) after the resolved href.
    public func render(_ markdown: String, resolve: (WikilinkTarget) -> ResolvedLink) -> RenderedMarkdown {
        var markdown = markdown
        return markdown.withUTF8 { bytes in
            var document = CmarkDocument(parsing: bytes)
            var source = SourceText(bytes)
            let survey = TreeSurvey(document, source: &source)
            var links = WikilinkRewriter.rewrite(
                survey.bracketTexts, in: &document, style: options.linkStyle, resolve: resolve)
            if options.camelCaseLinks {
                links = CamelCaseLinks.rewrite(in: &document, after: links, resolve: resolve)
            }
            let headings = HeadingRewriter.rewrite(survey.headings, in: &document)
            return RenderedMarkdown(
                html: document.html(allowRawHTML: options.allowRawHTML), headings: headings, links: links)
        }
    }
}
