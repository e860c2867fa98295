/// The list of published wikis at the root of the site, rendered by `site-index.mustache`.
public struct SiteIndexView: ThemeView {
    public static let template = ThemeTemplate.siteIndex

    public var layout: LayoutView
    /// The heading of the list, e.g. `Wikis`.
    public var title: String
    /// The wikis, in the order shown.
    public var wikis: [WikiListEntry]

    /// A site index view with the given parts.
    public init(layout: LayoutView, title: String, wikis: [WikiListEntry]) {
        self.layout = layout
        self.title = title
        self.wikis = wikis
    }

    /// The fields by their names, plus `hasWikis`.
    public var templateValues: TemplateValues {
        var values = TemplateValues()
        values.set("title", title)
        values.set("wikis", wikis.map { $0.templateValues(layout.strings) })
        values.set("hasWikis", !wikis.isEmpty)
        return values
    }
}

/// A wiki in the site's list of wikis.
public struct WikiListEntry: Sendable, Equatable {
    /// The wiki's title.
    public var title: String
    /// The relative href of the wiki's home page.
    public var href: String
    /// How many pages the wiki publishes.
    public var pageCount: Int

    /// An entry for the wiki `title` at `href` with `pageCount` pages.
    public init(title: String, href: String, pageCount: Int) {
        self.title = title
        self.href = href
        self.pageCount = pageCount
    }

    /// The entry's values, its count in `strings`.
    func templateValues(_ strings: ThemeStrings) -> TemplateValues {
        var values = TemplateValues()
        values.set("title", title)
        values.setHref("href", href)
        values.set("pageCount", pageCount)
        values.set("pageCountText", strings.pageCount(pageCount))
        return values
    }
}
