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
    /// The wiki's special pages (all pages, recent changes…), in the order shown.
    public var specialPages: [SpecialPageLink]
    /// The most recently updated pages, newest first (a few; the recent changes list them all).
    public var recentPages: [DatedPageEntry]
    /// The relative href of the wiki's list of all pages.
    public var allPagesHref: String
    /// The relative href of the wiki's recent changes.
    public var recentChangesHref: String?
    /// The relative href of the site's list of wikis.
    public var siteIndexHref: String
    /// In a folder wiki, its top-level folders and notes; nil in any other wiki.
    public var contents: FolderContents?

    /// A wiki home view with the given parts.
    public init(
        layout: LayoutView,
        wikiTitle: String,
        descriptionHTML: String,
        owner: String?,
        members: [String],
        pageCount: Int,
        specialPages: [SpecialPageLink] = [],
        recentPages: [DatedPageEntry] = [],
        allPagesHref: String,
        recentChangesHref: String? = nil,
        siteIndexHref: String
    ) {
        self.layout = layout
        self.wikiTitle = wikiTitle
        self.descriptionHTML = descriptionHTML
        self.owner = owner
        self.members = members
        self.pageCount = pageCount
        self.specialPages = specialPages
        self.recentPages = recentPages
        self.allPagesHref = allPagesHref
        self.recentChangesHref = recentChangesHref
        self.siteIndexHref = siteIndexHref
    }

    /// The fields by their names, plus `hasDescription`, `hasMembers`, `hasSpecialPages`,
    /// `hasRecentPages`, `pageCountText` (`1 page`, `1,012 pages`) and, in a folder wiki,
    /// `contents` (`FolderContents`).
    public var templateValues: TemplateValues {
        var values = TemplateValues()
        values.set("wikiTitle", wikiTitle)
        values.set("descriptionHTML", descriptionHTML)
        values.set("hasDescription", !descriptionHTML.isEmpty)
        values.set("owner", owner)
        values.set("members", members)
        values.set("hasMembers", !members.isEmpty)
        values.set("pageCount", pageCount)
        values.set("pageCountText", layout.strings.pageCount(pageCount))
        values.set("specialPages", specialPages.map(\.templateValues))
        values.set("hasSpecialPages", !specialPages.isEmpty)
        values.set("recentPages", recentPages.map(\.templateValues))
        values.set("hasRecentPages", !recentPages.isEmpty)
        values.setHref("allPagesHref", allPagesHref)
        values.setHref("recentChangesHref", recentChangesHref)
        values.setHref("siteIndexHref", siteIndexHref)
        values.set("contents", contents?.templateValues)
        return values
    }
}
