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
        wikiTitle: "Mobile Dev",
        content: PageContent(
            title: "Sync Client",
            bodyHTML:
                "<h2 id=\"setup\">Setup</h2>\n<p>See <a class=\"wikilink missing\" href=\"Replication.html\">Replication</a>.</p>\n"
        ),
        history: PageHistory(
            lastUpdated: DisplayedTime(display: "2012-12-16 01:33 UTC", datetime: "2012-12-16T01:33:01.909Z"),
            lastUpdatedBy: "jchris",
            created: DisplayedTime(display: "2012-12-09 06:05 UTC", datetime: "2012-12-09T06:05:55.031Z")),
        links: WikiLinks(
            wikiHomeHref: "index.html", allPagesHref: "_special/all-pages.html", siteIndexHref: "../index.html"))

    static let wikiHome = WikiHomeView(
        layout: layout,
        summary: WikiSummary(
            wikiTitle: "Mobile Dev",
            descriptionHTML: "<p>Notes of the <strong>mobile</strong> team.</p>\n",
            owner: "snej",
            members: ["jchris", "mschoch"],
            pageCount: 12),
        links: WikiLinks(
            wikiHomeHref: "index.html", allPagesHref: "_special/all-pages.html", siteIndexHref: "../index.html"))

    static let specialLayout = LayoutView(
        documentTitle: "All pages – Mobile Dev",
        siteTitle: "Mobile Dev",
        siteHref: "../index.html",
        stylesheetHref: "../../_assets/style.css",
        breadcrumbs: [
            Breadcrumb(title: "Wikis", href: "../../index.html"),
            Breadcrumb(title: "Mobile Dev", href: "../index.html"),
            Breadcrumb(title: "All pages", href: nil),
        ])

    static func header(_ title: String, current: Int) -> SpecialPageHeader {
        let names = [
            ("All pages", "all-pages.html"), ("Recent changes", "recent-changes.html"), ("New pages", "new-pages.html"),
            ("Wanted pages", "wanted-pages.html"), ("Orphaned pages", "orphaned-pages.html"),
            ("Statistics", "statistics.html"),
        ]
        return SpecialPageHeader(
            title: title, wikiTitle: "Mobile Dev", wikiHomeHref: "../index.html",
            specialPages: names.enumerated().map { offset, name in
                SpecialPageLink(title: name.0, href: name.1, isCurrent: offset == current)
            })
    }

    static let allPages = AllPagesView(
        layout: specialLayout,
        header: header("All pages", current: 0),
        letters: [
            LetterLink(letter: "C", href: "#letter-C"), LetterLink(letter: "S", href: "#letter-S"),
        ],
        groups: [
            PageGroup(
                letter: "C", anchor: "letter-C", isContinued: false,
                entries: [
                    PageListEntry(title: "C++: Notes", href: "../C%2B%2B%3A_Notes.html"),
                    PageListEntry(title: "Café", href: "../Caf%C3%A9.html"),
                ]),
            PageGroup(
                letter: "S", anchor: "letter-S", isContinued: false,
                entries: [PageListEntry(title: "Sync Client", href: "../Sync_Client.html")]),
        ],
        pagination: .single(firstTitle: "C++: Notes", lastTitle: "Sync Client"),
        pageCount: 3)

    /// A later part of a list cut at its titles: the third, linking to the first.
    static let listPart = ListPartView(
        firstTitle: "Dune & Co", lastTitle: "Échelle", startHref: "../all-pages.html",
        previous: PageListEntry(title: "Cable car", href: "Cable_car.html"),
        next: PageListEntry(title: "Fable", href: "Fable.html"))

    static let pagination = PaginationView(
        pageNumber: 2, pageCount: 7, span: EntrySpan(firstEntry: 201, lastEntry: 400, entryCount: 1_234),
        previousHref: "recent-changes.html", nextHref: "recent-changes-3.html",
        links: [
            PaginationLink(number: 1, href: "recent-changes.html", isCurrent: false),
            PaginationLink(number: 2, href: "recent-changes-2.html", isCurrent: true),
            PaginationLink(number: 3, href: "recent-changes-3.html", isCurrent: false),
            PaginationLink(number: 4, href: "recent-changes-4.html", isCurrent: false),
            .gap,
            PaginationLink(number: 7, href: "recent-changes-7.html", isCurrent: false),
        ])

    static let recentChanges = RecentChangesView(
        layout: specialLayout,
        header: header("Recent changes", current: 1),
        days: [
            DatedPageGroup(
                heading: "Sunday 16 December 2012", datetime: "2012-12-16",
                entries: [
                    DatedPageEntry(
                        title: "Sync Client", href: "../Sync_Client.html",
                        time: DisplayedTime(display: "01:33", datetime: "2012-12-16T01:33:01.909Z"), user: "jchris")
                ]),
            DatedPageGroup(
                heading: "Date unknown", datetime: nil,
                entries: [DatedPageEntry(title: "Café", href: "../Caf%C3%A9.html", time: nil, user: nil)]),
        ],
        pagination: pagination)

    static let newPages = NewPagesView(
        layout: specialLayout, header: header("New pages", current: 2), days: recentChanges.days,
        pagination: .single(entryCount: 2))

    static let wantedPages = WantedPagesView(
        layout: specialLayout,
        header: header("Wanted pages", current: 3),
        entries: [
            WantedPageEntry(
                title: "Push Notifications", href: "../Push_Notifications.html", linkingPageCount: 12,
                linkingPages: [PageListEntry(title: "Welcome", href: "../Welcome.html")])
        ],
        pagination: .single(firstTitle: "Push Notifications", lastTitle: "Push Notifications"), titleCount: 1)

    static let orphanedPages = OrphanedPagesView(
        layout: specialLayout,
        header: header("Orphaned pages", current: 4),
        entries: [PageListEntry(title: "Sandbox", href: "../Sandbox.html")],
        pagination: .single(firstTitle: "Sandbox", lastTitle: "Sandbox"), pageCount: 1)

    static let statistics = StatisticsView(
        layout: specialLayout,
        header: header("Statistics", current: 5),
        facts: [
            StatisticsFact(label: "Pages", value: "1,012", href: "all-pages.html"),
            StatisticsFact(label: "Words", value: "250,307"),
        ],
        authorship: Authorship(
            contributors: [
                ContributorEntry(name: "jchris", pageCount: 3), ContributorEntry(name: "snej", pageCount: 1),
            ],
            pagesWithoutContributor: 0, pageCount: 4),
        conflicts: [
            ConflictEntry(
                title: "Replication", href: "../Replication.html", winner: "2-fbdca247", losers: ["2-942c34be"])
        ])

    /// Every view of the theme, one of each kind.
    static var all: [any ThemeView] {
        [page, wikiHome, allPages, recentChanges, newPages, wantedPages, orphanedPages, statistics, folder, siteIndex]
    }

    static let folder = FolderPageView(
        layout: specialLayout, name: "guide", noteHTML: "<p>The guide's own text.</p>\n",
        contents: FolderContents(
            folders: [PageListEntry(title: "setup", href: "setup~abc.html")],
            notes: [PageListEntry(title: "Install", href: "../../guide-Install~xyz.html")]))

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
