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
        #expect(html.contains(ThemeTestViews.page.content.bodyHTML))
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

    @Test("a page with three headings or more gets a nested table of contents")
    func tableOfContents() {
        var view = ThemeTestViews.page
        view.content.headings = [
            TableOfContentsEntry(text: "Setup", href: "#setup", level: 2),
            TableOfContentsEntry(text: "On Linux", href: "#on-linux", level: 3),
            TableOfContentsEntry(text: "Retries & <limits>", href: "#retries--limits", level: 2),
        ]
        let html = theme.render(view)
        #expect(html.contains("<nav class=\"toc\" aria-label=\"Contents\">"))
        #expect(
            html.contains(
                """
                <ol>
                <li><a href="#setup">Setup</a><ol>
                <li><a href="#on-linux">On Linux</a></li>
                </ol>
                </li>
                <li><a href="#retries--limits">Retries &amp; &lt;limits&gt;</a></li>
                </ol>
                """))
        view.content.headings.removeLast()
        #expect(!theme.render(view).contains("class=\"toc\""), "two headings are not enough")
    }

    @Test("a heading that skips levels nests once; a shallower one closes the deeper lists")
    func tableOfContentsLevels() {
        var view = ThemeTestViews.page
        view.content.headings = [
            TableOfContentsEntry(text: "A", href: "#a", level: 3),
            TableOfContentsEntry(text: "B", href: "#b", level: 5),
            TableOfContentsEntry(text: "C", href: "#c", level: 4),
            TableOfContentsEntry(text: "D", href: "#d", level: 1),
        ]
        let html = theme.render(view)
        #expect(
            html.contains(
                """
                <ol>
                <li><a href="#a">A</a><ol>
                <li><a href="#b">B</a></li>
                <li><a href="#c">C</a></li>
                </ol>
                </li>
                <li><a href="#d">D</a></li>
                </ol>
                """))
    }

    @Test("a page lists the pages that link to it, or says none does")
    func backlinks() {
        var view = ThemeTestViews.page
        view.backlinks = [
            PageListEntry(title: "Replication", href: "Replication.html"),
            PageListEntry(title: "Welcome", href: "Welcome.html"),
        ]
        let html = theme.render(view)
        #expect(html.contains("<h2 class=\"backlinks-title\">What links here</h2>"))
        #expect(
            html.contains(
                "<li><a href=\"Replication.html\">Replication</a></li>\n<li><a href=\"Welcome.html\">Welcome</a></li>"))
        #expect(theme.render(ThemeTestViews.page).contains("No other page links here yet."))
    }

    /// The sample page, changed by `change`, rendered.
    func renderedPage(_ change: (inout PageView) -> Void) -> String {
        var view = ThemeTestViews.page
        change(&view)
        return theme.render(view)
    }

    @Test("a draft's page opens with a Draft banner, a note; a published page has none")
    func draftBanner() {
        let html = renderedPage { $0.content.isDraft = true }
        #expect(
            html.contains(
                "<article class=\"page\">\n<p class=\"draft-banner\" role=\"note\"><strong>Draft</strong>: "
                    + "not published yet. Only a preview with drafts shows this page.</p>\n<h1 class=\"page-title\""))
        #expect(!theme.render(ThemeTestViews.page).contains("draft-banner"))
    }

    @Test("a page without known times or author says nothing about them")
    func pageWithoutTimes() {
        var view = ThemeTestViews.page
        view.history.lastUpdated = nil
        view.history.lastUpdatedBy = nil
        view.history.created = nil
        let html = theme.render(view)
        #expect(!html.contains("Last updated"))
        #expect(!html.contains("Created"))
        #expect(!html.contains("<time"))
    }

    @Test("a page with an author but no time names the author alone")
    func pageWithAuthorOnly() {
        let html = renderedPage { $0.history.lastUpdated = nil }
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
        view.summary.descriptionHTML = ""
        view.summary.owner = nil
        view.summary.members = []
        view.summary.pageCount = 1
        let html = theme.render(view)
        #expect(!html.contains("wiki-description"))
        #expect(!html.contains("Owner"))
        #expect(!html.contains("Members"))
        #expect(html.contains("(1 page)"))
    }

    @Test("a wiki home links every special page and shows the latest changes")
    func wikiHomeSpecialPages() {
        var view = ThemeTestViews.wikiHome
        view.specialPages = [
            SpecialPageLink(title: "All pages", href: "_special/all-pages.html", detail: "1,012 pages"),
            SpecialPageLink(title: "Statistics", href: "_special/statistics.html"),
        ]
        view.recentPages = ThemeTestViews.recentChanges.days[0].entries
        view.links.recentChangesHref = "_special/recent-changes.html"
        let html = theme.render(view)
        #expect(
            html.contains(
                "<li><a href=\"_special/all-pages.html\">All pages</a> <span class=\"count\">1,012 pages</span></li>"))
        #expect(html.contains("<li><a href=\"_special/statistics.html\">Statistics</a></li>"))
        #expect(html.contains("<h2>Recently changed</h2>"))
        #expect(html.contains("<a class=\"change-title\" href=\"../Sync_Client.html\">Sync Client</a>"))
        #expect(
            html.contains("<p class=\"more-link\"><a href=\"_special/recent-changes.html\">All recent changes</a></p>"))
    }

    @Test("the all-pages list shows the letter index and each group in the order given")
    func allPages() {
        let html = theme.render(ThemeTestViews.allPages)
        #expect(html.contains("<body class=\"all-pages\">"))
        #expect(html.contains("3 pages in <a href=\"../index.html\">Mobile Dev</a>, in alphabetical order."))
        #expect(!html.contains("Showing"), "a list in one file says nothing about parts")
        #expect(
            html.contains(
                """
                <nav class="letter-index" aria-label="Letters">
                <ul>
                <li><a href="#letter-C">C</a></li>
                <li><a href="#letter-S">S</a></li>
                </ul>
                """))
        #expect(
            html.contains(
                """
                <h2 class="letter" id="letter-C">C</h2>
                <ul class="page-list">
                <li><a href="../C%2B%2B%3A_Notes.html">C++: Notes</a></li>
                <li><a href="../Caf%C3%A9.html">Café</a></li>
                </ul>
                """))
        #expect(html.contains("<li><a href=\"../Sync_Client.html\">Sync Client</a></li>"))
        #expect(!html.contains("class=\"pagination\""))
        #expect(html.contains("<li><span aria-current=\"page\">All pages</span></li>"))
        #expect(html.contains("<li><a href=\"recent-changes.html\">Recent changes</a></li>"))
    }

    @Test("an empty all-pages list says so")
    func emptyAllPages() {
        var view = ThemeTestViews.allPages
        view.groups = []
        view.letters = []
        view.pageCount = 0
        view.pagination = .single(firstTitle: nil, lastTitle: nil)
        let html = theme.render(view)
        #expect(!html.contains("page-list"))
        #expect(!html.contains("letter-index"))
        #expect(html.contains("0 pages in"))
        #expect(html.contains("This wiki has no published pages yet."))
    }

    @Test("a group continued from the previous part says so")
    func continuedGroup() {
        var view = ThemeTestViews.allPages
        view.groups[0].isContinued = true
        #expect(
            theme.render(view).contains(
                "<h2 class=\"letter\" id=\"letter-C\">C <span class=\"continued\">(continued)</span></h2>"))
    }

    @Test("a part of a long list links to the previous and next parts with rel, and to parts by number")
    func pagination() {
        let html = theme.render(ThemeTestViews.recentChanges)
        #expect(html.contains("<nav class=\"pagination\" aria-label=\"Parts of the list\">"))
        #expect(html.contains("<p class=\"pagination-status\">Part 2 of 7</p>"))
        #expect(html.contains("<a href=\"recent-changes.html\" rel=\"prev\">Previous</a>"))
        #expect(html.contains("<a href=\"recent-changes-3.html\" rel=\"next\">Next</a>"))
        #expect(html.contains("<li><span aria-current=\"page\">2</span></li>"))
        #expect(html.contains("<li><a href=\"recent-changes-4.html\">4</a></li>"))
        #expect(html.contains("<li class=\"pagination-gap\"><span>…</span></li>"))
        #expect(html.contains("Showing 201–400."))
    }

    @Test(
        "a part of a list cut at its titles names its range and its neighbours, links to the start, and says no count")
    func listPart() {
        var view = ThemeTestViews.allPages
        view.pagination = ThemeTestViews.listPart
        view.pageCount = nil
        let html = theme.render(view)
        #expect(html.contains("<p class=\"pagination-status\">From Dune &amp; Co to Échelle</p>"))
        #expect(html.contains("<a href=\"../all-pages.html\">Start of the list</a>"))
        #expect(html.contains("<a href=\"Cable_car.html\" rel=\"prev\">Previous (from Cable car)</a>"))
        #expect(html.contains("<a href=\"Fable.html\" rel=\"next\">Next (from Fable)</a>"))
        #expect(html.contains("The pages of <a href=\"../index.html\">Mobile Dev</a>, in alphabetical order."))
        #expect(html.contains("This part: Dune &amp; Co to Échelle."))
        #expect(!html.contains("Part ") && !html.contains(" pages in"))
        let first = theme.render(ThemeTestViews.allPages)
        #expect(first.contains("3 pages in") && !first.contains("class=\"pagination\""))
    }

    @Test("the first part has no previous link, the last no next link")
    func paginationEnds() {
        var view = ThemeTestViews.recentChanges
        view.pagination.previousHref = nil
        #expect(!theme.render(view).contains("rel=\"prev\""))
        view.pagination.nextHref = nil
        #expect(!theme.render(view).contains("rel=\"next\""))
    }

    @Test("recent changes are grouped by day, with the time and who saved each page")
    func recentChanges() {
        let html = theme.render(ThemeTestViews.recentChanges)
        #expect(html.contains("<body class=\"recent-changes\">"))
        #expect(
            html.contains(
                "<h2 class=\"day-heading\"><time datetime=\"2012-12-16\">Sunday 16 December 2012</time></h2>"))
        #expect(
            html.contains(
                "<li><time class=\"change-time\" datetime=\"2012-12-16T01:33:01.909Z\">01:33</time><a class=\"change-title\" href=\"../Sync_Client.html\">Sync Client</a><span class=\"change-user\">by <span class=\"user\">jchris</span></span></li>"
            ))
        #expect(html.contains("<h2 class=\"day-heading\">Date unknown</h2>"))
        #expect(html.contains("<li><a class=\"change-title\" href=\"../Caf%C3%A9.html\">Café</a></li>"))
    }

    @Test("new pages are grouped by day and name nobody")
    func newPages() {
        let html = theme.render(ThemeTestViews.newPages)
        #expect(html.contains("<body class=\"new-pages\">"))
        #expect(html.contains("Sunday 16 December 2012"))
        #expect(!html.contains("jchris"))
    }

    @Test("wanted pages show the missing title, how many pages link to it, and which")
    func wantedPages() {
        let html = theme.render(ThemeTestViews.wantedPages)
        #expect(html.contains("<ul class=\"wanted-list\">"))
        #expect(html.contains("the most linked first: 1 title."))
        #expect(
            html.contains(
                "<a class=\"missing\" href=\"../Push_Notifications.html\" title=\"This page does not exist yet\">Push Notifications</a> <span class=\"count\">linked from 12 pages</span>"
            ))
        #expect(html.contains("<li><a href=\"../Welcome.html\">Welcome</a></li>"))
        #expect(html.contains("<li class=\"more\">and 11 others</li>"))
    }

    @Test("orphaned pages are a plain list")
    func orphanedPages() {
        let html = theme.render(ThemeTestViews.orphanedPages)
        #expect(html.contains("<body class=\"orphaned-pages\">"))
        #expect(html.contains("<li><a href=\"../Sandbox.html\">Sandbox</a></li>"))
        var empty = ThemeTestViews.orphanedPages
        empty.entries = []
        #expect(theme.render(empty).contains("Every page is linked from another page."))
    }

    @Test("statistics show the figures, a table of contributors and the conflicts")
    func statistics() {
        let html = theme.render(ThemeTestViews.statistics)
        #expect(html.contains("<dt>Pages</dt>\n<dd><a href=\"all-pages.html\">1,012</a></dd>"))
        #expect(html.contains("<dt>Words</dt>\n<dd>250,307</dd>"))
        #expect(
            html.contains(
                "<tr><td><span class=\"user\">jchris</span></td><td class=\"numeric\">3</td><td class=\"share\"><meter min=\"0\" max=\"4\" value=\"3\">75 %</meter>"
            ))
        #expect(
            html.contains(
                "<tr><td><a href=\"../Replication.html\">Replication</a></td><td><code class=\"revision\">2-fbdca247</code></td>"
            ))
        var quiet = ThemeTestViews.statistics
        quiet.conflicts = []
        quiet.authorship.contributors = []
        let quietHTML = theme.render(quiet)
        #expect(quietHTML.contains("No document of this wiki has conflicting revisions."))
        #expect(quietHTML.contains("No page says who saved it."))
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
        let pages = ThemeTestViews.all.map { theme.render($0) }
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
