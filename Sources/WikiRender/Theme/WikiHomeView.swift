/// A wiki's home page, rendered by `home.mustache`.
public struct WikiHomeView: ThemeView {
    public static let template = ThemeTemplate.wikiHome

    public var layout: LayoutView
    /// The wiki's title, description, people and size.
    public var summary: WikiSummary
    /// The wiki's special pages (all pages, recent changes…), in the order shown.
    public var specialPages: [SpecialPageLink]
    /// The most recently updated pages, newest first (a few; the recent changes list them all).
    public var recentPages: [DatedPageEntry]
    /// The wiki's pages the home links to in its navigation.
    public var links: WikiLinks
    /// In a folder wiki, its top-level folders and notes; nil in any other wiki.
    public var contents: FolderContents?

    /// A wiki home view with the given parts.
    public init(
        layout: LayoutView, summary: WikiSummary, specialPages: [SpecialPageLink] = [],
        recentPages: [DatedPageEntry] = [], links: WikiLinks
    ) {
        self.layout = layout
        self.summary = summary
        self.specialPages = specialPages
        self.recentPages = recentPages
        self.links = links
    }

    /// The fields by their names, plus `hasDescription`, `hasMembers`, `hasSpecialPages`,
    /// `hasRecentPages`, `pageCountText` (`1 page`, `1,012 pages`) and, in a folder wiki,
    /// `contents` (`FolderContents`).
    public var templateValues: TemplateValues {
        var values = TemplateValues()
        values.set("wikiTitle", summary.wikiTitle)
        values.set("descriptionHTML", summary.descriptionHTML)
        values.set("hasDescription", !summary.descriptionHTML.isEmpty)
        values.set("owner", summary.owner)
        values.set("members", summary.members)
        values.set("hasMembers", !summary.members.isEmpty)
        values.set("pageCount", summary.pageCount)
        values.set("pageCountText", layout.strings.pageCount(summary.pageCount))
        values.set("specialPages", specialPages.map(\.templateValues))
        values.set("hasSpecialPages", !specialPages.isEmpty)
        values.set("recentPages", recentPages.map(\.templateValues))
        values.set("hasRecentPages", !recentPages.isEmpty)
        links.add(to: &values)
        values.set("contents", contents?.templateValues(layout.strings))
        return values
    }
}

/// What a wiki's home says about the wiki at its top: its title, its description, who owns and
/// writes it, and how many pages it publishes.
public struct WikiSummary: Sendable, Equatable {
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

    /// The summary of the wiki `wikiTitle`, described by `descriptionHTML`.
    public init(wikiTitle: String, descriptionHTML: String, owner: String?, members: [String], pageCount: Int) {
        self.wikiTitle = wikiTitle
        self.descriptionHTML = descriptionHTML
        self.owner = owner
        self.members = members
        self.pageCount = pageCount
    }
}
