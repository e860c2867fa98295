/// A page of a wiki, rendered by `page.mustache`.
public struct PageView: ThemeView {
    public static let template = ThemeTemplate.page

    public var layout: LayoutView
    /// The page's title.
    public var title: String
    /// The title of the wiki the page belongs to.
    public var wikiTitle: String
    /// The page's body, rendered from its Markdown: HTML.
    public var bodyHTML: String
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
    /// The relative href of the site's list of wikis.
    public var siteIndexHref: String

    /// A page view with the given parts.
    public init(
        layout: LayoutView,
        title: String,
        wikiTitle: String,
        bodyHTML: String,
        lastUpdated: DisplayedTime?,
        lastUpdatedBy: String?,
        created: DisplayedTime?,
        wikiHomeHref: String,
        allPagesHref: String,
        siteIndexHref: String
    ) {
        self.layout = layout
        self.title = title
        self.wikiTitle = wikiTitle
        self.bodyHTML = bodyHTML
        self.lastUpdated = lastUpdated
        self.lastUpdatedBy = lastUpdatedBy
        self.created = created
        self.wikiHomeHref = wikiHomeHref
        self.allPagesHref = allPagesHref
        self.siteIndexHref = siteIndexHref
    }

    /// The fields by their names, plus `hasLastUpdate` (true when `lastUpdated` or
    /// `lastUpdatedBy` is known).
    public var templateValues: TemplateValues {
        var values = TemplateValues()
        values.set("title", title)
        values.set("wikiTitle", wikiTitle)
        values.set("bodyHTML", bodyHTML)
        values.set("lastUpdated", lastUpdated?.templateValues)
        values.set("lastUpdatedBy", lastUpdatedBy)
        values.set("hasLastUpdate", lastUpdated != nil || lastUpdatedBy != nil)
        values.set("created", created?.templateValues)
        values.setHref("wikiHomeHref", wikiHomeHref)
        values.setHref("allPagesHref", allPagesHref)
        values.setHref("siteIndexHref", siteIndexHref)
        return values
    }
}
