import Testing
import WikiRender

/// Text from documents (titles, user names, dates) must never become markup, between tags or
/// inside attribute values; HTML fields go in as they are.
@Suite("Theme escaping")
struct ThemeEscapingTests {
    let theme: Theme

    init() throws {
        theme = try Theme.load(overridesIn: nil)
    }

    /// A hostile value for the field `name`: markup, both quotes and an ampersand.
    static func hostile(_ name: String) -> String {
        "\(name)<script>alert(\"x\" + 'y')</script>&amp;"
    }

    /// `hostile(name)` as it must appear in the output.
    static func escaped(_ name: String) -> String {
        "\(name)&lt;script&gt;alert(&quot;x&quot; + &#39;y&#39;)&lt;/script&gt;&amp;amp;"
    }

    static let layout = {
        var layout = LayoutView(
            documentTitle: hostile("documentTitle"),
            siteTitle: hostile("siteTitle"),
            siteHref: hostile("siteHref"),
            stylesheetHref: hostile("stylesheetHref"),
            breadcrumbs: [
                Breadcrumb(title: hostile("crumbTitle"), href: hostile("crumbHref")),
                Breadcrumb(title: hostile("currentCrumb"), href: nil),
            ])
        layout.lang = hostile("lang")
        layout.skipLinkTarget = hostile("skipLinkTarget")
        return layout
    }()

    /// Checks that every field came out escaped, and nothing unescaped anywhere.
    func expectEscaped(_ html: String, fields: [String]) {
        for field in fields {
            #expect(html.contains(Self.escaped(field)), "field \(field) is not escaped")
        }
        #expect(!html.contains("<script"))
        #expect(!html.contains("\"x\""))
        #expect(!html.contains("'y'"))
    }

    static let layoutFields = [
        "documentTitle", "siteTitle", "siteHref", "stylesheetHref", "crumbTitle", "crumbHref",
        "currentCrumb",
        "lang", "skipLinkTarget",
    ]

    @Test("every text field of a page and its layout is escaped")
    func page() {
        let view = PageView(
            layout: Self.layout,
            wikiTitle: Self.hostile("wikiTitle"),
            content: PageContent(title: Self.hostile("title"), bodyHTML: "<p>body</p>"),
            history: PageHistory(
                lastUpdated: DisplayedTime(
                    display: Self.hostile("updatedDisplay"), datetime: Self.hostile("updatedDatetime")),
                lastUpdatedBy: Self.hostile("lastUpdatedBy"),
                created: DisplayedTime(
                    display: Self.hostile("createdDisplay"), datetime: Self.hostile("createdDatetime"))),
            links: WikiLinks(
                wikiHomeHref: Self.hostile("wikiHomeHref"), allPagesHref: Self.hostile("allPagesHref"),
                siteIndexHref: Self.hostile("siteIndexHref")))
        let html = theme.render(view)
        expectEscaped(
            html,
            fields: Self.layoutFields + [
                "title", "wikiTitle", "updatedDisplay", "updatedDatetime", "lastUpdatedBy",
                "createdDisplay",
                "createdDatetime", "wikiHomeHref", "allPagesHref", "siteIndexHref",
            ])
        // In attribute values too: the quote that would end the attribute is a reference.
        #expect(html.contains("<html lang=\"\(Self.escaped("lang"))\">"))
        #expect(html.contains("<time datetime=\"\(Self.escaped("updatedDatetime"))\">"))
        #expect(html.contains("<a href=\"\(Self.escaped("wikiHomeHref"))\">"))
        #expect(html.contains("aria-label=\"\(Self.escaped("wikiTitle"))\""))
    }

    @Test("every text field of a wiki home is escaped")
    func wikiHome() {
        let view = WikiHomeView(
            layout: Self.layout,
            summary: WikiSummary(
                wikiTitle: Self.hostile("wikiTitle"), descriptionHTML: "<p>description</p>",
                owner: Self.hostile("owner"), members: [Self.hostile("member1"), Self.hostile("member2")],
                pageCount: 3),
            specialPages: [
                SpecialPageLink(
                    title: Self.hostile("specialTitle"), href: Self.hostile("specialHref"),
                    detail: Self.hostile("specialDetail"))
            ],
            recentPages: [
                DatedPageEntry(
                    title: Self.hostile("recentTitle"), href: Self.hostile("recentHref"), time: nil,
                    user: Self.hostile("recentUser"))
            ],
            links: WikiLinks(
                wikiHomeHref: Self.hostile("wikiHomeHref"), allPagesHref: Self.hostile("allPagesHref"),
                recentChangesHref: Self.hostile("recentChangesHref"), siteIndexHref: Self.hostile("siteIndexHref")))
        expectEscaped(
            theme.render(view),
            fields: Self.layoutFields + [
                "wikiTitle", "owner", "member1", "member2", "siteIndexHref", "specialTitle", "specialHref",
                "specialDetail", "recentTitle", "recentHref", "recentUser", "recentChangesHref",
            ])
    }

    static let header = SpecialPageHeader(
        title: hostile("specialTitle"), wikiTitle: hostile("wikiTitle"), wikiHomeHref: hostile("wikiHomeHref"),
        specialPages: [
            SpecialPageLink(title: hostile("linkTitle"), href: hostile("linkHref"), detail: hostile("linkDetail")),
            SpecialPageLink(title: hostile("currentLink"), href: "x.html", isCurrent: true),
        ])

    static let headerFields = ["specialTitle", "wikiTitle", "wikiHomeHref", "linkTitle", "linkHref", "currentLink"]

    static let pagination = PaginationView(
        pageNumber: 2, pageCount: 3, span: EntrySpan(firstEntry: 201, lastEntry: 400, entryCount: 401),
        previousHref: hostile("previousHref"), nextHref: hostile("nextHref"),
        links: [PaginationLink(number: 1, href: hostile("partHref"), isCurrent: false)])

    static let paginationFields = ["previousHref", "nextHref", "partHref"]

    static let listPart = ListPartView(
        firstTitle: hostile("firstTitle"), lastTitle: hostile("lastTitle"), startHref: hostile("startHref"),
        previous: PageListEntry(title: hostile("previousTitle"), href: hostile("previousHref")),
        next: PageListEntry(title: hostile("nextTitle"), href: hostile("nextHref")))

    static let listPartFields = [
        "firstTitle", "lastTitle", "startHref", "previousHref", "previousTitle", "nextHref", "nextTitle",
    ]

    @Test("every text field of the all-pages list is escaped")
    func allPages() {
        let view = AllPagesView(
            layout: Self.layout, header: Self.header,
            letters: [LetterLink(letter: Self.hostile("letter"), href: Self.hostile("letterHref"))],
            groups: [
                PageGroup(
                    letter: Self.hostile("groupLetter"), anchor: Self.hostile("anchor"), isContinued: false,
                    entries: [PageListEntry(title: Self.hostile("entryTitle"), href: Self.hostile("entryHref"))])
            ],
            pagination: Self.listPart, pageCount: nil)
        expectEscaped(
            theme.render(view),
            fields: Self.layoutFields + Self.headerFields + Self.listPartFields + [
                "letter", "letterHref", "groupLetter", "anchor", "entryTitle", "entryHref",
            ])
    }

    @Test("every text field of the lists by date is escaped")
    func datedLists() {
        let days = [
            DatedPageGroup(
                heading: Self.hostile("heading"), datetime: Self.hostile("dayDatetime"),
                entries: [
                    DatedPageEntry(
                        title: Self.hostile("entryTitle"), href: Self.hostile("entryHref"),
                        time: DisplayedTime(
                            display: Self.hostile("timeDisplay"), datetime: Self.hostile("timeDatetime")),
                        user: Self.hostile("user"))
                ])
        ]
        let fields = ["heading", "dayDatetime", "entryTitle", "entryHref", "timeDisplay", "timeDatetime"]
        expectEscaped(
            theme.render(
                RecentChangesView(layout: Self.layout, header: Self.header, days: days, pagination: Self.pagination)),
            fields: Self.layoutFields + Self.headerFields + Self.paginationFields + fields + ["user"])
        expectEscaped(
            theme.render(
                NewPagesView(layout: Self.layout, header: Self.header, days: days, pagination: Self.pagination)),
            fields: Self.layoutFields + Self.headerFields + Self.paginationFields + fields)
    }

    @Test("every text field of wanted and orphaned pages is escaped")
    func wantedAndOrphaned() {
        let wanted = WantedPagesView(
            layout: Self.layout, header: Self.header,
            entries: [
                WantedPageEntry(
                    title: Self.hostile("wantedTitle"), href: Self.hostile("wantedHref"), linkingPageCount: 2,
                    linkingPages: [PageListEntry(title: Self.hostile("linkerTitle"), href: Self.hostile("linkerHref"))])
            ],
            pagination: Self.listPart, titleCount: nil)
        expectEscaped(
            theme.render(wanted),
            fields: Self.layoutFields + Self.headerFields + Self.listPartFields + [
                "wantedTitle", "wantedHref", "linkerTitle", "linkerHref",
            ])
        let orphaned = OrphanedPagesView(
            layout: Self.layout, header: Self.header,
            entries: [PageListEntry(title: Self.hostile("entryTitle"), href: Self.hostile("entryHref"))],
            pagination: Self.listPart, pageCount: nil)
        expectEscaped(
            theme.render(orphaned),
            fields: Self.layoutFields + Self.headerFields + Self.listPartFields + ["entryTitle", "entryHref"])
    }

    @Test("every text field of the statistics is escaped")
    func statistics() {
        let view = StatisticsView(
            layout: Self.layout, header: Self.header,
            facts: [
                StatisticsFact(
                    label: Self.hostile("label"), value: Self.hostile("value"), href: Self.hostile("factHref"))
            ],
            authorship: Authorship(
                contributors: [ContributorEntry(name: Self.hostile("name"), pageCount: 1)],
                pagesWithoutContributor: 0, pageCount: 1),
            conflicts: [
                ConflictEntry(
                    title: Self.hostile("conflictTitle"), href: Self.hostile("conflictHref"),
                    winner: Self.hostile("winner"), losers: [Self.hostile("loser")])
            ])
        expectEscaped(
            theme.render(view),
            fields: Self.layoutFields + Self.headerFields + [
                "label", "value", "factHref", "name", "conflictTitle", "conflictHref", "winner", "loser",
            ])
    }

    @Test("the table of contents and backlinks of a page are escaped")
    func pageParts() {
        var view = ThemeTestViews.page
        view.layout = Self.layout
        view.content.headings = (1...3).map {
            TableOfContentsEntry(text: Self.hostile("heading\($0)"), href: Self.hostile("headingHref\($0)"), level: 2)
        }
        view.backlinks = [PageListEntry(title: Self.hostile("backlink"), href: Self.hostile("backlinkHref"))]
        expectEscaped(
            theme.render(view),
            fields: Self.layoutFields + [
                "heading1", "heading2", "heading3", "headingHref1", "headingHref3", "backlink", "backlinkHref",
            ])
    }

    @Test("every text field of the site index is escaped")
    func siteIndex() {
        let view = SiteIndexView(
            layout: Self.layout,
            title: Self.hostile("title"),
            wikis: [
                WikiListEntry(
                    title: Self.hostile("wikiTitle"), href: Self.hostile("wikiHref"), pageCount: 2)
            ])
        expectEscaped(
            theme.render(view), fields: Self.layoutFields + ["title", "wikiTitle", "wikiHref"])
    }

    @Test("HTML fields go in unescaped")
    func htmlFields() {
        var page = ThemeTestViews.page
        page.content.bodyHTML = "<p class=\"x\">Tom &amp; Jerry's <em>\"show\"</em></p>"
        #expect(theme.render(page).contains(page.content.bodyHTML))
        var home = ThemeTestViews.wikiHome
        home.summary.descriptionHTML = "<p>It's <a href=\"a.html\">here</a> &lt;3</p>"
        #expect(theme.render(home).contains(home.summary.descriptionHTML))
    }

    @Test("a quote or bracket followed by a combining mark is still escaped")
    func combiningMarks() {
        var page = ThemeTestViews.page
        page.wikiTitle = "\"\u{301} onmouseover=alert(1) x=\"\u{301}"
        page.content.title = "<\u{301}img src=x onerror=alert(1)>\u{301}"
        page.history.lastUpdatedBy = "'\u{301}&\u{301}"
        let html = theme.render(page)
        let escapedForms = [
            "aria-label=\"&quot;\u{301} onmouseover=alert(1) x=&quot;\u{301}\"",
            "&lt;\u{301}img src=x onerror=alert(1)&gt;\u{301}",
            "&#39;\u{301}&amp;\u{301}",
        ]
        let rawForms = ["\"\u{301}", "<\u{301}", "'\u{301}"]
        for form in escapedForms {
            #expect(containsBytes(html, form))
        }
        for form in rawForms {
            #expect(!containsBytes(html, form))
        }
    }

    /// Whether the UTF-8 bytes of `needle` occur in those of `text` (no Unicode equivalence).
    func containsBytes(_ text: String, _ needle: String) -> Bool {
        let text = Array(text.utf8)
        let needle = Array(needle.utf8)
        guard needle.count <= text.count else { return false }
        return (0...(text.count - needle.count)).contains {
            text[$0..<($0 + needle.count)].elementsEqual(needle)
        }
    }

    @Test("an href that would read as a script URL stays a relative path")
    func scriptURLs() {
        var page = ThemeTestViews.page
        page.links.wikiHomeHref = "javascript:alert(1).html"
        page.links.allPagesHref = "JavaScript:alert(2)"
        page.links.siteIndexHref = "java\tscript:alert(3)"
        page.layout.breadcrumbs = [Breadcrumb(title: "Home", href: "data:text/html,x")]
        let html = theme.render(page)
        #expect(html.contains("href=\"./javascript:alert(1).html\""))
        #expect(html.contains("href=\"./JavaScript:alert(2)\""))
        #expect(html.contains("href=\"./java\tscript:alert(3)\""))
        #expect(html.contains("href=\"./data:text/html,x\""))
    }

    @Test("web URLs and relative paths with colons after the first segment stay as they are")
    func ordinaryHrefs() {
        var page = ThemeTestViews.page
        page.links.wikiHomeHref = "https://wiki.example/index.html"
        page.links.allPagesHref = "HTTP://wiki.example/all.html"
        page.links.siteIndexHref = "../a:b/index.html#x:y"
        let html = theme.render(page)
        #expect(html.contains("href=\"https://wiki.example/index.html\""))
        #expect(html.contains("href=\"HTTP://wiki.example/all.html\""))
        #expect(html.contains("href=\"../a:b/index.html#x:y\""))
    }
}
