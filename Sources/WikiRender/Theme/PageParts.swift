/// What a page shows of its own document: its title, its body and its headings.
public struct PageContent: Sendable, Equatable {
    /// The page's title.
    public var title: String
    /// Whether the page is a draft, shown by a preview that includes drafts: the page then
    /// carries a "Draft" banner.
    public var isDraft: Bool
    /// The `id` of the page's title heading, for links to it (`[[Page#Page]]`); nil for none.
    public var titleID: String?
    /// The page's body, rendered from its Markdown: HTML.
    public var bodyHTML: String
    /// The page's headings, in document order, for its table of contents.
    public var headings: [TableOfContentsEntry]

    /// The page `title` with the body `bodyHTML`, whose headings are `headings`.
    public init(
        title: String, isDraft: Bool = false, titleID: String? = nil, bodyHTML: String,
        headings: [TableOfContentsEntry] = []
    ) {
        self.title = title
        self.isDraft = isDraft
        self.titleID = titleID
        self.bodyHTML = bodyHTML
        self.headings = headings
    }
}

/// When a page was created and last changed, and by whom: the line under its body.
public struct PageHistory: Sendable, Equatable {
    /// When the page was last changed, if known.
    public var lastUpdated: DisplayedTime?
    /// Who changed the page last, if known.
    public var lastUpdatedBy: String?
    /// When the page was created, if known.
    public var created: DisplayedTime?

    /// A history with the given times and author, each nil when unknown.
    public init(lastUpdated: DisplayedTime?, lastUpdatedBy: String?, created: DisplayedTime?) {
        self.lastUpdated = lastUpdated
        self.lastUpdatedBy = lastUpdatedBy
        self.created = created
    }
}

/// The relative hrefs of the pages a wiki's files link to in their navigation: the wiki's home,
/// its lists, and the site's list of wikis.
public struct WikiLinks: Sendable, Equatable {
    /// The relative href of the wiki's home page.
    public var wikiHomeHref: String
    /// The relative href of the wiki's list of all pages.
    public var allPagesHref: String
    /// The relative href of the wiki's recent changes; nil where the wiki has none.
    public var recentChangesHref: String?
    /// The relative href of the site's list of wikis.
    public var siteIndexHref: String

    /// The links to the given hrefs.
    public init(wikiHomeHref: String, allPagesHref: String, recentChangesHref: String? = nil, siteIndexHref: String) {
        self.wikiHomeHref = wikiHomeHref
        self.allPagesHref = allPagesHref
        self.recentChangesHref = recentChangesHref
        self.siteIndexHref = siteIndexHref
    }

    /// Sets the hrefs by their names in `values`.
    func add(to values: inout TemplateValues) {
        values.setHref("wikiHomeHref", wikiHomeHref)
        values.setHref("allPagesHref", allPagesHref)
        values.setHref("recentChangesHref", recentChangesHref)
        values.setHref("siteIndexHref", siteIndexHref)
    }
}
