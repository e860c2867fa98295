import WikiRender

/// Views filled with ordinary sample data, shared by the theme tests.
enum ThemeTestViews {
    static let layout = LayoutView(
        documentTitle: "Sync Client – Mobile Dev",
        siteTitle: "Mobile Dev",
        siteHref: "index.html",
        stylesheetHref: "../_assets/style.css",
        breadcrumbs: [
            Breadcrumb(title: "Wikis", href: "../index.html"),
            Breadcrumb(title: "Mobile Dev", href: "index.html"),
            Breadcrumb(title: "Sync Client", href: nil),
        ])

    static let page = PageView(
        layout: layout,
        title: "Sync Client",
        wikiTitle: "Mobile Dev",
        bodyHTML:
            "<h2 id=\"setup\">Setup</h2>\n<p>See <a class=\"wikilink missing\" href=\"Replication.html\">Replication</a>.</p>\n",
        lastUpdated: DisplayedTime(
            display: "2012-12-16 01:33 UTC", datetime: "2012-12-16T01:33:01.909Z"),
        lastUpdatedBy: "jchris",
        created: DisplayedTime(display: "2012-12-09 06:05 UTC", datetime: "2012-12-09T06:05:55.031Z"),
        wikiHomeHref: "index.html",
        allPagesHref: "_special/all-pages.html",
        siteIndexHref: "../index.html")

    static let wikiHome = WikiHomeView(
        layout: layout,
        wikiTitle: "Mobile Dev",
        descriptionHTML: "<p>Notes of the <strong>mobile</strong> team.</p>\n",
        owner: "snej",
        members: ["jchris", "mschoch"],
        pageCount: 12,
        allPagesHref: "_special/all-pages.html",
        siteIndexHref: "../index.html")

    static let allPages = AllPagesView(
        layout: layout,
        wikiTitle: "Mobile Dev",
        entries: [
            PageListEntry(title: "C++: Notes", href: "../C%2B%2B%3A_Notes.html"),
            PageListEntry(title: "Café", href: "../Caf%C3%A9.html"),
            PageListEntry(title: "Sync Client", href: "../Sync_Client.html"),
        ],
        wikiHomeHref: "../index.html")

    static let siteIndex = SiteIndexView(
        layout: LayoutView(
            documentTitle: "Wikis", siteTitle: "Wikis", siteHref: "index.html",
            stylesheetHref: "_assets/style.css"),
        title: "Wikis",
        wikis: [
            WikiListEntry(title: "Mobile Dev", href: "5737529525067657/index.html", pageCount: 12),
            WikiListEntry(title: "Recipes", href: "recipes/index.html", pageCount: 1),
        ])
}
