/// One file of a wiki's recent changes, rendered by `recent-changes.mustache`: the pages by
/// their last update, newest first, grouped by day, with who saved them.
public typealias RecentChangesView = DatedPagesView<ByLastUpdate>

/// One file of a wiki's new pages, rendered by `new-pages.mustache`: the pages by creation,
/// newest first, grouped by day.
public typealias NewPagesView = DatedPagesView<ByCreation>

/// Which date a list of pages by date goes by, and so which template renders it.
public protocol ListedDate: Sendable {
    /// The template of the list.
    static var template: ThemeTemplate { get }
}

/// The pages by their last update (`updated_at`): recent changes.
public enum ByLastUpdate: ListedDate {
    public static let template = ThemeTemplate.recentChanges
}

/// The pages by creation (`created_at`): new pages.
public enum ByCreation: ListedDate {
    public static let template = ThemeTemplate.newPages
}

/// One file of a list of a wiki's pages by the date `Listed` names, newest first, grouped by day.
public struct DatedPagesView<Listed: ListedDate>: ThemeView {
    public static var template: ThemeTemplate { Listed.template }

    public var layout: LayoutView
    /// The special page's name, its wiki, and the navigation between special pages.
    public var header: SpecialPageHeader
    /// This file's pages, by day (`time` of each entry: its date; `user` of recent changes: who
    /// saved the page last).
    public var days: [DatedPageGroup]
    /// Which part of the list this file is.
    public var pagination: PaginationView
    /// The pages of the wiki the list leaves out, older than its last entry (it lists the
    /// newest only; they are in *All pages*).
    public var olderPageCount: Int

    /// A view of a list by date with the given parts.
    public init(
        layout: LayoutView, header: SpecialPageHeader, days: [DatedPageGroup], pagination: PaginationView,
        olderPageCount: Int = 0
    ) {
        self.layout = layout
        self.header = header
        self.days = days
        self.pagination = pagination
        self.olderPageCount = olderPageCount
    }

    /// The header's fields (`title`, `wikiTitle`, `wikiHomeHref`, `specialPages`), `days` and
    /// `pagination` by their names, plus `hasEntries`, `pageCountText` (`500 pages`: the whole
    /// list's), `hasOlderPages` and `olderPagesText` (`1 other page is`, `12 other pages are`).
    public var templateValues: TemplateValues {
        var values = header.templateValues
        values.set("days", days.map(\.templateValues))
        values.set("hasEntries", days.contains { !$0.entries.isEmpty })
        values.set("pagination", pagination.templateValues(layout.strings))
        values.set("pageCountText", layout.strings.pageCount(pagination.span.entryCount))
        values.set("hasOlderPages", olderPageCount > 0)
        values.set("olderPagesText", layout.strings.count(olderPageCount, "older_pages"))
        return values
    }
}
