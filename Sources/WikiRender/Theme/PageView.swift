/// A page of a wiki, rendered by `page.mustache`.
public struct PageView: ThemeView {
    public static let template = ThemeTemplate.page

    /// How many headings a page needs before it gets a table of contents.
    public static let tableOfContentsMinimum = 3

    public var layout: LayoutView
    /// The page's title.
    public var title: String
    /// Whether the page is a draft, shown by a preview that includes drafts: the page then
    /// carries a "Draft" banner.
    public var isDraft: Bool
    /// The `id` of the page's title heading, for links to it (`[[Page#Page]]`); nil for none.
    public var titleID: String?
    /// The title of the wiki the page belongs to.
    public var wikiTitle: String
    /// The page's body, rendered from its Markdown: HTML.
    public var bodyHTML: String
    /// The page's headings, in document order; the page shows a table of contents when there
    /// are at least `tableOfContentsMinimum`.
    public var headings: [TableOfContentsEntry]
    /// The other pages of the wiki that link to this one ("What links here"), in the order
    /// shown.
    public var backlinks: [PageListEntry]
    /// The page's tags, as the page writes them, each linked to its tag page.
    public var tags: [TagLink] = []
    /// When the page was last changed, if known.
    public var lastUpdated: DisplayedTime?
    /// Who changed the page last, if known.
    public var lastUpdatedBy: String?
    /// When the page was created, if known.
    public var created: DisplayedTime?
    /// The relative href of the wiki's home page.
    public var wikiHomeHref: String
    /// The relative href of the wiki's list of all pages.
    public var allPagesHref: String
    /// The relative href of the wiki's recent changes.
    public var recentChangesHref: String?
    /// The relative href of the site's list of wikis.
    public var siteIndexHref: String

    /// A page view with the given parts.
    public init(
        layout: LayoutView,
        title: String,
        isDraft: Bool = false,
        titleID: String? = nil,
        wikiTitle: String,
        bodyHTML: String,
        headings: [TableOfContentsEntry] = [],
        backlinks: [PageListEntry] = [],
        lastUpdated: DisplayedTime?,
        lastUpdatedBy: String?,
        created: DisplayedTime?,
        wikiHomeHref: String,
        allPagesHref: String,
        recentChangesHref: String? = nil,
        siteIndexHref: String
    ) {
        self.layout = layout
        self.title = title
        self.isDraft = isDraft
        self.titleID = titleID
        self.wikiTitle = wikiTitle
        self.bodyHTML = bodyHTML
        self.headings = headings
        self.backlinks = backlinks
        self.lastUpdated = lastUpdated
        self.lastUpdatedBy = lastUpdatedBy
        self.created = created
        self.wikiHomeHref = wikiHomeHref
        self.allPagesHref = allPagesHref
        self.recentChangesHref = recentChangesHref
        self.siteIndexHref = siteIndexHref
    }

    /// Whether the page shows a table of contents.
    public var hasTableOfContents: Bool { headings.count >= Self.tableOfContentsMinimum }

    /// The fields by their names (`headings` as `tableOfContents`, a flat list of `text`,
    /// `href`, `level`), plus `hasTableOfContents`, `tableOfContentsHTML` (the same headings
    /// as nested `<ol>` lists, empty without a table of contents), `hasBacklinks`,
    /// `backlinkCountText` (`1 page`, `3 pages`) and `hasLastUpdate` (true when
    /// `lastUpdated` or `lastUpdatedBy` is known).
    public var templateValues: TemplateValues {
        var values = TemplateValues(capacity: 19)
        values.set("title", title)
        values.set("isDraft", isDraft)
        values.set("titleID", titleID)
        values.set("wikiTitle", wikiTitle)
        values.set("bodyHTML", bodyHTML)
        let tableOfContents = hasTableOfContents ? headings : []
        values.set("hasTableOfContents", hasTableOfContents)
        values.set("tableOfContents", tableOfContents.map(\.templateValues))
        values.set("tableOfContentsHTML", TableOfContentsHTML.html(tableOfContents))
        values.set("backlinks", backlinks.map(\.templateValues))
        values.set("hasBacklinks", !backlinks.isEmpty)
        values.set("tags", tags.map { $0.templateValues(layout.strings) })
        values.set("hasTags", !tags.isEmpty)
        values.set("backlinkCountText", layout.strings.pageCount(backlinks.count))
        values.set("lastUpdated", lastUpdated?.templateValues)
        values.set("lastUpdatedBy", lastUpdatedBy)
        values.set("hasLastUpdate", lastUpdated != nil || lastUpdatedBy != nil)
        values.set("created", created?.templateValues)
        values.setHref("wikiHomeHref", wikiHomeHref)
        values.setHref("allPagesHref", allPagesHref)
        values.setHref("recentChangesHref", recentChangesHref)
        values.setHref("siteIndexHref", siteIndexHref)
        return values
    }
}
