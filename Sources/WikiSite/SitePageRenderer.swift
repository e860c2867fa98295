import WikiDocuments
import WikiModel
import WikiRender

/// Turns the model into the theme's views and renders them: one method per kind of file.
/// Pure and thread-safe: pages are rendered on every core at once.
struct SitePageRenderer: Sendable {
    /// A page's HTML and the titles it links to that do not exist.
    struct RenderedPage {
        let html: String
        let missingTargets: [PageTitle]
    }

    let database: WikiDatabase
    let theme: Theme
    let markdown: MarkdownRenderer

    /// The title of the site's own index page.
    static let siteIndexTitle = "Wikis"

    /// The page of `page`, a page of `wiki`.
    func page(_ page: Page, of wiki: Wiki) -> RenderedPage {
        let path = SiteLayout.page(page.title, inWiki: wiki.id)
        let rendered = render(wiki.id, page.markdown, in: path)
        var missing = Set<PageTitle>()
        for link in rendered.links {
            if let target = link.target.title, database.page(inWiki: wiki.id, titled: target) == nil {
                missing.insert(target)
            }
        }
        let view = PageView(
            layout: layout(of: wiki, at: path, title: page.title.text),
            title: page.title.text,
            wikiTitle: wiki.title,
            bodyHTML: rendered.html,
            lastUpdated: page.updatedAt.map(Self.displayed),
            lastUpdatedBy: page.updatedBy,
            created: page.createdAt.map(Self.displayed),
            wikiHomeHref: path.href(to: SiteLayout.home(ofWiki: wiki.id)),
            allPagesHref: path.href(to: SiteLayout.allPages(ofWiki: wiki.id)),
            siteIndexHref: path.href(to: SiteLayout.siteIndex))
        return RenderedPage(html: theme.render(view), missingTargets: missing.sorted())
    }

    /// The home page of `wiki`, which publishes `pageCount` pages.
    func home(of wiki: Wiki, pageCount: Int) -> String {
        let path = SiteLayout.home(ofWiki: wiki.id)
        let view = WikiHomeView(
            layout: layout(of: wiki, at: path, title: nil),
            wikiTitle: wiki.title,
            descriptionHTML: render(wiki.id, wiki.markdown, in: path).html,
            owner: wiki.ownerID,
            members: wiki.members,
            pageCount: pageCount,
            allPagesHref: path.href(to: SiteLayout.allPages(ofWiki: wiki.id)),
            siteIndexHref: path.href(to: SiteLayout.siteIndex))
        return theme.render(view)
    }

    /// The alphabetical list of the pages of `wiki`.
    func allPages(of wiki: Wiki, pages: [Page]) -> String {
        let path = SiteLayout.allPages(ofWiki: wiki.id)
        let entries = pages.map { page in
            PageListEntry(title: page.title.text, href: path.href(to: SiteLayout.page(page.title, inWiki: wiki.id)))
        }
        let view = AllPagesView(
            layout: layout(of: wiki, at: path, title: "All pages"),
            wikiTitle: wiki.title,
            entries: entries,
            wikiHomeHref: path.href(to: SiteLayout.home(ofWiki: wiki.id)))
        return theme.render(view)
    }

    /// The site's index: every published wiki.
    func siteIndex(wikis: [Wiki]) -> String {
        let path = SiteLayout.siteIndex
        let entries = wikis.map { wiki in
            WikiListEntry(
                title: wiki.title, href: path.href(to: SiteLayout.home(ofWiki: wiki.id)),
                pageCount: database.pages(inWiki: wiki.id).count)
        }
        let layout = LayoutView(
            documentTitle: Self.siteIndexTitle, siteTitle: Self.siteIndexTitle,
            siteHref: path.href(to: SiteLayout.siteIndex), stylesheetHref: path.href(to: SiteLayout.stylesheet))
        return theme.render(SiteIndexView(layout: layout, title: Self.siteIndexTitle, wikis: entries))
    }

    /// The Markdown of a file of `wikiID` at `path`, with its wikilinks resolved in that wiki.
    private func render(_ wikiID: String, _ text: String, in path: SitePath) -> RenderedMarkdown {
        let resolver = WikiLinkResolver(wikiID: wikiID, linkingFile: path) {
            database.page(inWiki: wikiID, titled: $0) != nil
        }
        return markdown.render(text, resolve: resolver.resolve)
    }

    /// The layout of a file of `wiki` at `path`; `title` is the file's own title, `nil` on the home.
    private func layout(of wiki: Wiki, at path: SitePath, title: String?) -> LayoutView {
        let home = path.href(to: SiteLayout.home(ofWiki: wiki.id))
        var breadcrumbs = [
            Breadcrumb(title: Self.siteIndexTitle, href: path.href(to: SiteLayout.siteIndex)),
            Breadcrumb(title: wiki.title, href: title == nil ? nil : home),
        ]
        if let title { breadcrumbs.append(Breadcrumb(title: title, href: nil)) }
        return LayoutView(
            documentTitle: title.map { "\($0) – \(wiki.title)" } ?? wiki.title,
            siteTitle: wiki.title, siteHref: home,
            stylesheetHref: path.href(to: SiteLayout.stylesheet), breadcrumbs: breadcrumbs)
    }

    private static func displayed(_ time: Timestamp) -> DisplayedTime {
        DisplayedTime(display: time.display, datetime: time.text)
    }
}
