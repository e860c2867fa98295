/// One file of a wiki's wanted pages, rendered by `wanted-pages.mustache`: the titles pages
/// link to that have no page yet, the most linked first, each with the pages linking to it.
public struct WantedPagesView: ThemeView {
    public static let template = ThemeTemplate.wantedPages

    public var layout: LayoutView
    /// The special page's name, its wiki, and the navigation between special pages.
    public var header: SpecialPageHeader
    /// This file's titles, in the order shown.
    public var entries: [WantedPageEntry]
    /// Which part of the list this file is.
    public var pagination: ListPartView
    /// How many titles are wanted, on the first file only.
    public var titleCount: Int?

    /// A wanted-pages view with the given parts.
    public init(
        layout: LayoutView, header: SpecialPageHeader, entries: [WantedPageEntry], pagination: ListPartView,
        titleCount: Int?
    ) {
        self.layout = layout
        self.header = header
        self.entries = entries
        self.pagination = pagination
        self.titleCount = titleCount
    }

    /// The header's fields (`title`, `wikiTitle`, `wikiHomeHref`, `specialPages`), `entries`
    /// and `pagination` by their names, plus `hasEntries` and, on the first file,
    /// `titleCountText` (`1 title`, `12 titles`).
    public var templateValues: TemplateValues {
        var values = header.templateValues
        values.set("entries", entries.map { $0.templateValues(layout.strings) })
        values.set("hasEntries", !entries.isEmpty)
        values.set("pagination", pagination.templateValues(layout.strings))
        values.set("titleCountText", titleCount.map { layout.strings.count($0, "title_count") })
        return values
    }
}

/// A title that is linked to but has no page.
public struct WantedPageEntry: Sendable, Equatable {
    /// The title.
    public var title: String
    /// Where its page would be (a link to a page that does not exist yet).
    public var href: String
    /// How many pages link to it.
    public var linkingPageCount: Int
    /// The pages that link to it, in the order shown; at most a few, the first of the order.
    public var linkingPages: [PageListEntry]

    /// An entry for the missing page `title`.
    public init(title: String, href: String, linkingPageCount: Int, linkingPages: [PageListEntry]) {
        self.title = title
        self.href = href
        self.linkingPageCount = linkingPageCount
        self.linkingPages = linkingPages
    }

    /// The entry's values, its counts in `strings` (`linkedFromText`: `linked from 2 pages`,
    /// `andOthersText`: `and 12 others`).
    func templateValues(_ strings: ThemeStrings) -> TemplateValues {
        var values = TemplateValues()
        values.set("title", title)
        values.setHref("href", href)
        values.set("linkingPageCount", linkingPageCount)
        let linkingPageCountText = strings.pageCount(linkingPageCount)
        values.set("linkingPageCountText", linkingPageCountText)
        values.set("linkedFromText", strings.phrase("linked_from", ["pages": linkingPageCountText]))
        values.set("linkingPages", linkingPages.map(\.templateValues))
        let unlisted = linkingPageCount - linkingPages.count
        values.set("unlistedCount", unlisted)
        values.set("hasUnlisted", unlisted > 0)
        let unlistedCountText = unlisted > 0 ? strings.count(unlisted, "other_count") : nil
        values.set("unlistedCountText", unlistedCountText)
        values.set("andOthersText", unlistedCountText.map { strings.phrase("and_others", ["others": $0]) })
        return values
    }
}

/// One file of a wiki's orphaned pages, rendered by `orphaned-pages.mustache`: the pages no
/// other page links to, in alphabetical order.
public struct OrphanedPagesView: ThemeView {
    public static let template = ThemeTemplate.orphanedPages

    public var layout: LayoutView
    /// The special page's name, its wiki, and the navigation between special pages.
    public var header: SpecialPageHeader
    /// This file's pages, in the order shown.
    public var entries: [PageListEntry]
    /// Which part of the list this file is.
    public var pagination: ListPartView
    /// How many pages are orphaned, on the first file only.
    public var pageCount: Int?

    /// An orphaned-pages view with the given parts.
    public init(
        layout: LayoutView, header: SpecialPageHeader, entries: [PageListEntry], pagination: ListPartView,
        pageCount: Int?
    ) {
        self.layout = layout
        self.header = header
        self.entries = entries
        self.pagination = pagination
        self.pageCount = pageCount
    }

    /// The header's fields (`title`, `wikiTitle`, `wikiHomeHref`, `specialPages`), `entries`
    /// and `pagination` by their names, plus `hasEntries` and, on the first file, `pageCountText`.
    public var templateValues: TemplateValues {
        var values = header.templateValues
        values.set("entries", entries.map(\.templateValues))
        values.set("hasEntries", !entries.isEmpty)
        values.set("pagination", pagination.templateValues(layout.strings))
        values.set("pageCountText", pageCount.map(layout.strings.pageCount))
        return values
    }
}
