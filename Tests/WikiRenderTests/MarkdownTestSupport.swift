import WikiModel
import WikiRender

/// Renders `markdown` for a test: every page exists except those whose title starts with
/// `Missing`; a page's href is its title with `_` for spaces, then `.html`.
func renderForTest(
    _ markdown: String, linkStyle: LinkStyle = .obsidian, allowRawHTML: Bool = false, dialect: MarkdownDialect = .gfm
) -> RenderedMarkdown {
    MarkdownRenderer(options: MarkdownOptions(linkStyle: linkStyle, allowRawHTML: allowRawHTML, dialect: dialect))
        .render(markdown, resolve: testResolve)
}

/// The resolver of `renderForTest`.
func testResolve(_ target: WikilinkTarget) -> ResolvedLink {
    guard let title = target.title else { return ResolvedLink(href: "", exists: true) }
    let href = String(title.text.map { $0 == " " ? "_" : $0 }) + ".html"
    return ResolvedLink(href: href, exists: !title.text.hasPrefix("Missing"))
}

extension MarkdownRenderer {
    /// `outline(utf8:of:resolve:embeds:)` on the UTF-8 bytes of `markdown`.
    func outline(
        _ markdown: String, of page: PageTitle?, resolve: (WikilinkTarget) -> ResolvedLink, embeds: some EmbedSource
    ) -> MarkdownOutline {
        var markdown = markdown
        return markdown.withUTF8 { outline(utf8: $0, of: page, resolve: resolve, embeds: embeds) }
    }
}
