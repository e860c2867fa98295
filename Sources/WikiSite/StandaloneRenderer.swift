import WikiConfiguration
import WikiModel
import WikiPages
import WikiRender

/// Renders Markdown outside a build, for `wikisite render`: links point where the pages of
/// the wiki live, and are `missing` when the given sources have no such page; embeds show the
/// pages of the sources (and, for a page of them, its attachments), or are missing without
/// sources.
public struct StandaloneRenderer {
    private let renderer: MarkdownRenderer
    private let resolver: WikiLinkResolver
    private let title: PageTitle
    private let embeds: WikiEmbedSource?

    /// A renderer for a page titled `pageTitle` of `wikiID`, checking links against `sources`
    /// (every page is taken to exist when there are none), reading the Markdown as `dialect`
    /// and passing raw HTML through when `allowRawHTML` says so.
    public init(
        wikiID: String?, pageTitle: String?, sources: [String], linkStyle: LinkStyle, dialect: MarkdownDialect = .gfm,
        allowRawHTML: Bool = false
    ) throws {
        let wiki = wikiID ?? "wiki"
        let title = pageTitle.flatMap(PageTitle.init) ?? PageTitle("Page")!
        renderer = MarkdownRenderer(
            options: MarkdownOptions(linkStyle: linkStyle, allowRawHTML: allowRawHTML, dialect: dialect))
        // Links and embeds stay in the wiki's folder, so their hrefs are relative within it and
        // the same whatever the folder's name (its ID or a slug).
        let siteLayout = SiteLayout()
        let linkingFile = siteLayout.page(title, inWiki: wiki)
        self.title = title
        if sources.isEmpty {
            resolver = WikiLinkResolver(
                wikiID: wiki, linkingFile: linkingFile, siteLayout: siteLayout, exists: { _ in true },
                hrefs: PageHrefs())
            embeds = nil
        } else {
            let database = try SourceReader(paths: sources, reporter: SilentReporter()).read().database
            resolver = WikiLinkResolver(
                wikiID: wiki, linkingFile: linkingFile, siteLayout: siteLayout,
                exists: database.publishedTitles(inWiki: wiki).reaches, hrefs: PageHrefs())
            embeds = WikiEmbedSource(
                database: database, wikiID: wiki, linkingFile: linkingFile, siteLayout: siteLayout)
        }
    }

    /// The page body's HTML.
    public func render(_ markdown: String) -> String {
        guard let embeds else { return renderer.render(markdown, resolve: resolver.resolve).html }
        return renderer.render(markdown, of: title, resolve: resolver.resolve, embeds: embeds).html
    }
}
