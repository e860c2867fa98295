/// A wiki's home page, rendered by `home.mustache`.
public struct WikiHomeView: ThemeView {
    public static let template = ThemeTemplate.wikiHome

    public var layout: LayoutView
    /// The wiki's title.
    public var wikiTitle: String
    /// The wiki's description, rendered from its Markdown: HTML, empty when it has none.
    public var descriptionHTML: String
    /// The user who owns the wiki, if known.
    public var owner: String?
    /// The other users who may read and write the wiki, in the order given.
    public var members: [String]
    /// How many pages the wiki publishes.
    public var pageCount: Int
    /// The relative href of the wiki's list of all pages.
    public var allPagesHref: String
    /// The relative href of the site's list of wikis.
    public var siteIndexHref: String

    /// A wiki home view with the given parts.
    public init(
        layout: LayoutView,
        wikiTitle: String,
        descriptionHTML: String,
        owner: String?,
        members: [String],
        pageCount: Int,
        allPagesHref: String,
        siteIndexHref: String
    ) {
        self.layout = layout
        self.wikiTitle = wikiTitle
        self.descriptionHTML = descriptionHTML
        self.owner = owner
        self.members = members
        self.pageCount = pageCount
        self.allPagesHref = allPagesHref
        self.siteIndexHref = siteIndexHref
    }

    /// The fields by their names, plus `hasDescription`, `hasMembers` and `pageCountText`
    /// (`1 page`, `12 pages`).
    public var templateValues: TemplateValues {
        var values = TemplateValues()
        values.set("wikiTitle", wikiTitle)
        values.set("descriptionHTML", descriptionHTML)
        values.set("hasDescription", !descriptionHTML.isEmpty)
        values.set("owner", owner)
        values.set("members", members)
        values.set("hasMembers", !members.isEmpty)
        values.set("pageCount", pageCount)
        values.set("pageCountText", ThemeWording.pageCount(pageCount))
        values.setHref("allPagesHref", allPagesHref)
        values.setHref("siteIndexHref", siteIndexHref)
        return values
    }
}
