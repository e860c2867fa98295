/// A page of a wiki, rendered by `page.mustache`.
public struct PageView: ThemeView {
    public static let template = ThemeTemplate.page

    /// How many headings a page needs before it gets a table of contents.
    public static let tableOfContentsMinimum = 3

    public var layout: LayoutView
    /// The title of the wiki the page belongs to.
    public var wikiTitle: String
    /// The page's title, body and headings; the page shows a table of contents when there are
    /// at least `tableOfContentsMinimum` headings.
    public var content: PageContent
    /// The other pages of the wiki that link to this one ("What links here"), in the order
    /// shown.
    public var backlinks: [PageListEntry]
    /// The page's tags, as the page writes them, each linked to its tag page.
    public var tags: [TagLink] = []
    /// When the page was created and last changed, and by whom.
    public var history: PageHistory
    /// The wiki's pages the page links to in its navigation.
    public var links: WikiLinks

    /// A page view with the given parts.
    public init(
        layout: LayoutView, wikiTitle: String, content: PageContent, backlinks: [PageListEntry] = [],
        history: PageHistory, links: WikiLinks
    ) {
        self.layout = layout
        self.wikiTitle = wikiTitle
        self.content = content
        self.backlinks = backlinks
        self.history = history
        self.links = links
    }

    /// Whether the page shows a table of contents.
    public var hasTableOfContents: Bool { content.headings.count >= Self.tableOfContentsMinimum }

    /// The fields by their names (`headings` as `tableOfContents`, a flat list of `text`,
    /// `href`, `level`), plus `hasTableOfContents`, `tableOfContentsHTML` (the same headings
    /// as nested `<ol>` lists, empty without a table of contents), `hasBacklinks`,
    /// `backlinkCountText` (`1 page`, `3 pages`) and `hasLastUpdate` (true when
    /// `lastUpdated` or `lastUpdatedBy` is known).
    public var templateValues: TemplateValues {
        var values = TemplateValues(capacity: 19)
        values.set("title", content.title)
        values.set("isDraft", content.isDraft)
        values.set("titleID", content.titleID)
        values.set("wikiTitle", wikiTitle)
        values.set("bodyHTML", content.bodyHTML)
        let tableOfContents = hasTableOfContents ? content.headings : []
        values.set("hasTableOfContents", hasTableOfContents)
        values.set("tableOfContents", tableOfContents.map(\.templateValues))
        values.set("tableOfContentsHTML", TableOfContentsHTML.html(tableOfContents))
        values.set("backlinks", backlinks.map(\.templateValues))
        values.set("hasBacklinks", !backlinks.isEmpty)
        values.set("tags", tags.map { $0.templateValues(layout.strings) })
        values.set("hasTags", !tags.isEmpty)
        values.set("backlinkCountText", layout.strings.pageCount(backlinks.count))
        values.set("lastUpdated", history.lastUpdated?.templateValues)
        values.set("lastUpdatedBy", history.lastUpdatedBy)
        values.set("hasLastUpdate", history.lastUpdated != nil || history.lastUpdatedBy != nil)
        values.set("created", history.created?.templateValues)
        links.add(to: &values)
        return values
    }
}
