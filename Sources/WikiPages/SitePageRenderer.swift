import WikiDocuments
import WikiModel
import WikiRender

/// Turns the model into the theme's views and renders them: one method per kind of file.
/// Pure and thread-safe: pages are rendered on every core at once.
package struct SitePageRenderer: Sendable {
    /// How many of the latest changes a wiki's home shows.
    static let homeRecentChangesShown = 5
    /// How many top-level notes a folder wiki's home lists at most: as many as a file of a long
    /// list holds, so that a home rewritten at every edit (its recent changes) stays small.
    static let homeNotesShown = Pagination.defaultEntriesPerFile

    package let bodies: PageBodyRenderer
    package let theme: Theme
    /// Absolute URLs for the `<head>` of the site index; `nil` when the build has no base URL.
    package var discovery: SiteDiscovery? = nil

    /// Where the files of the site are: the bodies' layout.
    var siteLayout: SiteLayout { bodies.siteLayout }

    /// The file of the page at `position` in `analysis.pages`, whose body the analysis pass may
    /// have rendered already (`body`). Its backlinks' hrefs are found by their positions.
    package func page(
        at position: Int, of analysis: WikiAnalysis, index: AlphabeticalIndex, chrome: WikiChrome, body: String?
    ) -> String {
        let page = analysis.pages[position]
        let wikiID = chrome.wiki.id
        let path = siteLayout.page(page.title, inWiki: wikiID)
        let backlinks = index.sorted(analysis.graph.backlinkPositions(ofPageAt: position)).map { linker in
            let title = analysis.pages[Int(linker)].title
            return PageListEntry(
                title: title.text,
                href: bodies.hrefs.href(
                    ofPublishedPageAt: Int(linker), titled: title, inWiki: wikiID, from: path, in: siteLayout))
        }
        return self.page(
            page, at: path, outline: analysis.graph.outline(at: position), backlinks: backlinks, chrome: chrome,
            body: body)
    }

    /// The file of `page`, a page of `chrome`'s wiki whose outline is `outline`, linked to by
    /// `backlinks` (in alphabetical order); `body` is its body when it was rendered already.
    package func page(
        _ page: Page, outline: PageOutline, backlinks: [PageTitle], chrome: WikiChrome, body: String?
    ) -> String {
        let wikiID = chrome.wiki.id
        let path = siteLayout.page(page.title, inWiki: wikiID)
        let entries = backlinks.map { title in
            PageListEntry(
                title: title.text, href: bodies.hrefs.href(of: title, inWiki: wikiID, from: path, in: siteLayout))
        }
        return self.page(page, at: path, outline: outline, backlinks: entries, chrome: chrome, body: body)
    }

    /// The file of `page`, at `path`, with its backlinks' entries made.
    private func page(
        _ page: Page, at path: SitePath, outline: PageOutline, backlinks: [PageListEntry], chrome: WikiChrome,
        body: String?
    ) -> String {
        let title = bodies.displayedTitle(of: page)
        let content = PageTitleHeading(
            title: title, bodyHTML: body ?? bodies.body(of: page).html, headings: outline.headings)
        let hrefs = chrome.hrefs(from: path)
        var view = PageView(
            layout: chrome.layout(at: path, title: title, inFoldersOf: page.title.text),
            wikiTitle: chrome.wiki.title,
            content: PageContent(
                title: title, isDraft: page.isDraft, titleID: content.titleID, bodyHTML: content.bodyHTML,
                headings: content.headings.map {
                    TableOfContentsEntry(text: $0.text, href: "#" + $0.id, level: $0.level)
                }),
            backlinks: backlinks,
            history: PageHistory(
                lastUpdated: page.updatedAt.map(chrome.displayed), lastUpdatedBy: page.updatedBy,
                created: page.createdAt.map(chrome.displayed)),
            links: hrefs.links)
        view.tags = outline.tags.map { TagLink(name: $0.text, href: SitePaths.tagHref($0)) }
        return theme.render(view)
    }

    /// The home page of `analysis`'s wiki.
    package func home(of analysis: WikiAnalysis, chrome: WikiChrome) -> String {
        home(
            pageCount: analysis.pages.count,
            recentChanges: analysis.recentChangesOrder.prefix(Self.homeRecentChangesShown).map {
                DatedEntry(analysis.pages[Int($0)], listedIn: .recentChanges)
            }, chrome: chrome)
    }

    /// The home page of `chrome`'s wiki, which publishes `pageCount` pages and whose recent
    /// changes start with `recentChanges` (it shows the first `homeRecentChangesShown`).
    package func home(pageCount: Int, recentChanges: [DatedEntry], chrome: WikiChrome) -> String {
        let wiki = chrome.wiki
        let path = siteLayout.home(ofWiki: wiki.id)
        let hrefs = chrome.hrefs(from: path)
        let recent = recentChanges.prefix(Self.homeRecentChangesShown).map { entry in
            DatedPageEntry(
                title: entry.title.text,
                href: bodies.hrefs.href(of: entry.title, inWiki: wiki.id, from: path, in: siteLayout),
                time: entry.date.map(chrome.displayed), user: entry.user)
        }
        var view = WikiHomeView(
            layout: chrome.layout(at: path, title: nil),
            summary: WikiSummary(
                wikiTitle: wiki.title, descriptionHTML: bodies.render(wiki.id, wiki.markdown, in: path).html,
                owner: wiki.ownerID, members: wiki.members, pageCount: pageCount),
            specialPages: chrome.specialPageLinks(from: path, current: nil, detailed: true),
            recentPages: recent,
            links: hrefs.links)
        view.contents = chrome.folders.map {
            chrome.contents(of: $0.root, from: path, hrefs: bodies.hrefs, noteLimit: Self.homeNotesShown)
        }
        return theme.render(view)
    }

    /// The site's index: every published wiki, with the number of its pages (by default, those of
    /// the database).
    package func siteIndex(wikis: [Wiki], pageCounts: [Int]? = nil) -> String {
        let path = SiteLayout.siteIndex
        let entries = wikis.enumerated().map { number, wiki in
            WikiListEntry(
                title: wiki.title, href: path.href(to: siteLayout.home(ofWiki: wiki.id)),
                pageCount: pageCounts?[number] ?? bodies.database.pages(inWiki: wiki.id).count)
        }
        let strings = theme.strings(for: .english)
        let title = strings["site_index_title"]
        var layout = LayoutView(
            documentTitle: title, siteTitle: title, siteHref: path.href(to: SiteLayout.siteIndex),
            stylesheetHref: path.href(to: SiteLayout.stylesheet), strings: strings)
        layout.canonicalURL = discovery?.headLinks(for: path, inWiki: nil).canonicalURL
        return theme.render(SiteIndexView(layout: layout, title: title, wikis: entries))
    }

    /// A renderer of pages with the bodies of `bodies`, in `theme`, with the feeds and sitemaps of
    /// `discovery` when the site has a base URL.
    package init(bodies: PageBodyRenderer, theme: Theme, discovery: SiteDiscovery? = nil) {
        self.bodies = bodies
        self.theme = theme
        self.discovery = discovery
    }
}
