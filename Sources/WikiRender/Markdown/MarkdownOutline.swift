/// What a page's Markdown says about the rest of the wiki, without its HTML: the headings and
/// the wikilinks that `MarkdownRenderer.render(_:resolve:)` would find, the same ones in the
/// same order.
public struct MarkdownOutline: Sendable {
    /// The headings, in document order, with the ids the rendered page gives them.
    public let headings: [Heading]
    /// The wikilinks, in document order.
    public let links: [WikilinkOccurrence]

    public init(headings: [Heading], links: [WikilinkOccurrence]) {
        self.headings = headings
        self.links = links
    }
}

extension MarkdownRenderer {
    /// The headings and wikilinks of `markdown`, exactly as `render(_:resolve:)` with the same
    /// `resolve` finds them, at the cost of the parse alone: no HTML is written. For passes
    /// that need to know what every page links to before any page is rendered. `resolve` only
    /// matters with `MarkdownOptions.camelCaseLinks`, where a CamelCase word is a link when its
    /// page exists.
    ///
    /// The steps are those of `render(_:resolve:)` but the last: keep the two in step.
    public func outline(_ markdown: String, resolve: (WikilinkTarget) -> ResolvedLink) -> MarkdownOutline {
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
            return MarkdownOutline(headings: headings, links: links)
        }
    }

    /// The headings and explicit wikilinks of `markdown`, for when no page is known to exist:
    /// CamelCase words, which link only to pages that exist, are not links here; use
    /// `outline(_:resolve:)` when `MarkdownOptions.camelCaseLinks` is on.
    public func outline(_ markdown: String) -> MarkdownOutline {
        outline(markdown) { _ in ResolvedLink(href: "", exists: false) }
    }
}
