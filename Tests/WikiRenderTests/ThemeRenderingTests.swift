import Testing
import WikiRender

@Suite("Theme rendering")
struct ThemeRenderingTests {
    let theme: Theme

    init() throws {
        theme = try Theme.load(overridesIn: nil)
    }

    @Test("the layout is a complete, semantic HTML5 document")
    func layout() {
        let html = theme.render(ThemeTestViews.page)
        #expect(html.hasPrefix("<!doctype html>\n<html lang=\"en\">\n"))
        #expect(html.contains("<meta charset=\"utf-8\">"))
        #expect(
            html.contains("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"))
        #expect(html.contains("<title>Sync Client – Mobile Dev</title>"))
        #expect(html.contains("<link rel=\"stylesheet\" href=\"../_assets/style.css\">"))
        #expect(html.contains("<body class=\"page\">"))
        #expect(html.contains("<a class=\"skip-link\" href=\"#main.content\">Skip to content</a>"))
        #expect(html.contains("<main id=\"main.content\" tabindex=\"-1\">"))
        #expect(html.contains("<header class=\"site-header\">"))
        #expect(html.contains("<nav class=\"breadcrumbs\" aria-label=\"Breadcrumb\">"))
        #expect(
            html.contains(
                "<li><a href=\"../index.html\">Wikis</a></li>\n<li><a href=\"index.html\">Mobile Dev</a></li>"
            ))
        #expect(html.contains("<li><span aria-current=\"page\">Sync Client</span></li>"))
        #expect(html.contains("<footer class=\"site-footer\">"))
        #expect(html.hasSuffix("</body>\n</html>\n"))
    }

    @Test("the layout leaves out the breadcrumb navigation when there is no trail")
    func noBreadcrumbs() {
        let html = theme.render(ThemeTestViews.siteIndex)
        #expect(!html.contains("breadcrumbs"))
        #expect(html.contains("<p class=\"site-title\"><a href=\"index.html\">Wikis</a></p>"))
    }

    @Test("the language and skip link target come from the layout view")
    func languageAndSkipLink() {
        var view = ThemeTestViews.page
        view.layout.lang = "fr"
        view.layout.skipLinkTarget = "contenu"
        let html = theme.render(view)
        #expect(html.contains("<html lang=\"fr\">"))
        #expect(html.contains("href=\"#contenu\""))
        #expect(html.contains("<main id=\"contenu\""))
    }

    @Test("a page shows its title, body, update and creation, and links to its wiki")
    func page() {
        let html = theme.render(ThemeTestViews.page)
        #expect(html.contains("<h1 class=\"page-title\">Sync Client</h1>"))
        #expect(html.contains(ThemeTestViews.page.bodyHTML))
        #expect(
            html.contains(
                "<p class=\"page-updated\">Last updated <time datetime=\"2012-12-16T01:33:01.909Z\">2012-12-16 01:33 UTC</time> by <span class=\"user\">jchris</span>.</p>"
            ))
        #expect(
            html.contains(
                "<p class=\"page-created\">Created <time datetime=\"2012-12-09T06:05:55.031Z\">2012-12-09 06:05 UTC</time>.</p>"
            ))
        #expect(html.contains("<li><a href=\"index.html\">Mobile Dev</a></li>"))
        #expect(html.contains("<li><a href=\"_special/all-pages.html\">All pages</a></li>"))
        #expect(html.contains("<li><a href=\"../index.html\">All wikis</a></li>"))
    }

    @Test("a page without known times or author says nothing about them")
    func pageWithoutTimes() {
        var view = ThemeTestViews.page
        view.lastUpdated = nil
        view.lastUpdatedBy = nil
        view.created = nil
        let html = theme.render(view)
        #expect(!html.contains("Last updated"))
        #expect(!html.contains("Created"))
        #expect(!html.contains("<time"))
    }

    @Test("a page with an author but no time names the author alone")
    func pageWithAuthorOnly() {
        var view = ThemeTestViews.page
        view.lastUpdated = nil
        let html = theme.render(view)
        #expect(
            html.contains(
                "<p class=\"page-updated\">Last updated by <span class=\"user\">jchris</span>.</p>"))
    }

    @Test("a wiki home shows the title, description, owner, members and page count")
    func wikiHome() {
        let html = theme.render(ThemeTestViews.wikiHome)
        #expect(html.contains("<body class=\"home\">"))
        #expect(html.contains("<h1 class=\"page-title\">Mobile Dev</h1>"))
        #expect(
            html.contains(
                "<div class=\"wiki-description\">\n<p>Notes of the <strong>mobile</strong> team.</p>\n"))
        #expect(html.contains("<dt>Owner</dt>\n<dd><span class=\"user\">snej</span></dd>"))
        #expect(
            html.contains(
                "<li><span class=\"user\">jchris</span></li>\n<li><span class=\"user\">mschoch</span></li>")
        )
        #expect(html.contains("<dt>Pages</dt>\n<dd>12</dd>"))
        #expect(
            html.contains(
                "<a href=\"_special/all-pages.html\">All pages</a> <span class=\"count\">(12 pages)</span>")
        )
    }

    @Test("a wiki home without description, owner or members leaves them out")
    func bareWikiHome() {
        var view = ThemeTestViews.wikiHome
        view.descriptionHTML = ""
        view.owner = nil
        view.members = []
        view.pageCount = 1
        let html = theme.render(view)
        #expect(!html.contains("wiki-description"))
        #expect(!html.contains("Owner"))
        #expect(!html.contains("Members"))
        #expect(html.contains("(1 page)"))
    }

    @Test("the all-pages list shows every entry in the order given")
    func allPages() {
        let html = theme.render(ThemeTestViews.allPages)
        #expect(html.contains("<body class=\"all-pages\">"))
        #expect(html.contains("3 pages in <a href=\"../index.html\">Mobile Dev</a>"))
        #expect(
            html.contains(
                """
                <ul class="page-list">
                <li><a href="../C%2B%2B%3A_Notes.html">C++: Notes</a></li>
                <li><a href="../Caf%C3%A9.html">Café</a></li>
                <li><a href="../Sync_Client.html">Sync Client</a></li>
                </ul>
                """))
    }

    @Test("an empty all-pages list says so")
    func emptyAllPages() {
        var view = ThemeTestViews.allPages
        view.entries = []
        let html = theme.render(view)
        #expect(!html.contains("page-list"))
        #expect(html.contains("0 pages in"))
        #expect(html.contains("This wiki has no published pages yet."))
    }

    @Test("the site index lists the wikis with their page counts")
    func siteIndex() {
        let html = theme.render(ThemeTestViews.siteIndex)
        #expect(html.contains("<body class=\"site-index\">"))
        #expect(html.contains("<link rel=\"stylesheet\" href=\"_assets/style.css\">"))
        #expect(html.contains("<h1 class=\"page-title\">Wikis</h1>"))
        #expect(
            html.contains(
                """
                <li><a href="5737529525067657/index.html">Mobile Dev</a> <span class="count">12 pages</span></li>
                <li><a href="recipes/index.html">Recipes</a> <span class="count">1 page</span></li>
                """))
    }

    @Test("an empty site index says so")
    func emptySiteIndex() {
        var view = ThemeTestViews.siteIndex
        view.wikis = []
        let html = theme.render(view)
        #expect(!html.contains("wiki-list"))
        #expect(html.contains("No wiki is published here yet."))
    }

    @Test("the default theme requests nothing from another host and runs no script")
    func selfContained() throws {
        let pages = [
            theme.render(ThemeTestViews.page), theme.render(ThemeTestViews.wikiHome),
            theme.render(ThemeTestViews.allPages), theme.render(ThemeTestViews.siteIndex),
        ]
        let stylesheet = String(decoding: theme.stylesheet, as: UTF8.self)
        for text in pages + [stylesheet] {
            #expect(!text.contains("http:"))
            #expect(!text.contains("https:"))
            #expect(!text.contains("//"))
            #expect(!text.contains("<script"))
            #expect(!text.contains("@import"))
        }
        #expect(stylesheet.contains("prefers-color-scheme: dark"))
        #expect(stylesheet.contains("a.wikilink.missing"))
        #expect(stylesheet.contains("@media print"))
    }

    @Test("rendering is deterministic, across loads and threads")
    func deterministic() async throws {
        let expected = theme.render(ThemeTestViews.page)
        let otherLoad = try Theme.load(overridesIn: nil)
        #expect(otherLoad.render(ThemeTestViews.page) == expected)
        let theme = self.theme
        let results = await withTaskGroup(of: String.self) { group in
            for _ in 0..<32 {
                group.addTask { theme.render(ThemeTestViews.page) }
            }
            var results: [String] = []
            for await result in group { results.append(result) }
            return results
        }
        #expect(results.allSatisfy { $0 == expected })
    }
}
