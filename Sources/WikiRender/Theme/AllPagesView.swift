/// A wiki's list of all its pages, rendered by `all-pages.mustache`.
public struct AllPagesView: ThemeView {
    public static let template = ThemeTemplate.allPages

    public var layout: LayoutView
    /// The wiki's title.
    public var wikiTitle: String
    /// The pages, in the order shown (alphabetical, as the pipeline sorts them).
    public var entries: [PageListEntry]
    /// The relative href of the wiki's home page.
    public var wikiHomeHref: String

    /// An all-pages view with the given parts.
    public init(layout: LayoutView, wikiTitle: String, entries: [PageListEntry], wikiHomeHref: String) {
        self.layout = layout
        self.wikiTitle = wikiTitle
        self.entries = entries
        self.wikiHomeHref = wikiHomeHref
    }

    /// The fields by their names, plus `hasEntries` and `pageCountText` (`1 page`,
    /// `12 pages`).
    public var templateValues: TemplateValues {
        var values = TemplateValues()
        values.set("wikiTitle", wikiTitle)
        values.set("entries", entries.map(\.templateValues))
        values.set("hasEntries", !entries.isEmpty)
        values.set("pageCountText", ThemeWording.pageCount(entries.count))
        values.setHref("wikiHomeHref", wikiHomeHref)
        return values
    }
}

/// A page in a list of pages: its title and where it is.
public struct PageListEntry: Sendable, Equatable {
    /// The page's title.
    public var title: String
    /// The page's relative href.
    public var href: String

    /// An entry for the page `title` at `href`.
    public init(title: String, href: String) {
        self.title = title
        self.href = href
    }

    var templateValues: TemplateValues {
        var values = TemplateValues()
        values.set("title", title)
        values.setHref("href", href)
        return values
    }
}
